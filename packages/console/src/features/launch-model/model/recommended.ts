import type { EngineMap, FitSummary } from '@serving-console/contract'
import {
  engineChoices,
  formatOptions,
  quantizationOptions,
  sizeKey,
  sizeOptions,
  type Cascade,
} from './launch-options'

/**
 * The choice a model's card recommends (the platform's best fit here), as the drawer's cascade: the first engine
 * and format that offer its size and quantization. None when the card shows none, or says it does not fit (then
 * no choice is better than another, and the user decides).
 */
export function recommendedCascade(
  engines: EngineMap | undefined,
  summary: Pick<FitSummary, 'model_size_in_billions' | 'quantization' | 'fit'> | undefined,
): Cascade | null {
  const quantization = summary?.quantization
  if (!summary || !quantization || summary.fit === 'unknown' || summary.fit === 'no') return null
  const size = sizeKey(summary.model_size_in_billions)
  for (const { name: engine, unavailable } of engineChoices(engines)) {
    if (unavailable) continue
    const format = formatOptions(engines, engine).find(
      (candidate) =>
        sizeOptions(engines, engine, candidate).includes(size) &&
        quantizationOptions(engines, engine, candidate, size).includes(quantization),
    )
    if (format) return { engine, format, size, quantization }
  }
  return null
}
