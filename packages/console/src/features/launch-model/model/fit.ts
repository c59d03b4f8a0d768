import type { FitGrade, FitSummary, ModelFit, QuantizationFit, SpecFit } from '@serving-console/contract'
import type { MessageId } from '../../../i18n/catalogue'
import type { t as translate } from '../../../i18n/i18n'
import { sizeKey } from './launch-options'

/**
 * The spec a form has chosen — format and size, a spec without a size matching none chosen — else, for kinds
 * without that cascade (no format chosen), the first this platform runs.
 */
export function chosenSpec(fit: ModelFit, format: string, size: string): SpecFit | undefined {
  return format
    ? fit.specs.find((spec) => spec.model_format === format && sizeKey(spec.model_size_in_billions) === size)
    : (fit.specs.find((spec) => spec.runnable) ?? fit.specs[0])
}

/** The chosen quantization's figures, or the spec's first when it has one only (no choice to make). */
export function chosenQuantization(
  spec: SpecFit | undefined,
  quantization: string,
): QuantizationFit | undefined {
  if (!spec) return undefined
  return (
    spec.quantizations.find((entry) => entry.quantization === quantization) ??
    (spec.quantizations.length === 1 ? spec.quantizations[0] : undefined)
  )
}

export const GRADE_LABEL: Record<FitGrade, MessageId> = {
  fits: 'launch.fit.grade.fits',
  tight: 'launch.fit.grade.tight',
  slow: 'launch.fit.grade.slow',
  no: 'launch.fit.grade.no',
  unknown: 'launch.fit.grade.unknown',
}

export const GRADE_TONE: Record<FitGrade, 'success' | 'warning' | 'error' | 'default'> = {
  fits: 'success',
  tight: 'warning',
  slow: 'warning',
  no: 'error',
  unknown: 'default',
}

/** What a hub is called on screen. */
export const HUB_NAME: Record<string, string> = {
  huggingface: 'Hugging Face',
  modelscope: 'ModelScope',
  csghub: 'CSGHub',
}

/** Beyond this an estimate says only "over": per-token overheads, not bandwidth, bound a tiny model. */
const SPEED_CEILING = 100

/**
 * An estimated speed as people read it — "about 1.9 tokens/s", "about 27 tokens/s", "over 100 tokens/s" — or null
 * where there is none. One decimal only below 10: the estimate is no finer than that.
 */
export function speedMessage(
  tokensPerSecond: number | null,
): { id: MessageId; values: { speed: number } } | null {
  if (tokensPerSecond === null) return null
  if (tokensPerSecond > SPEED_CEILING) return { id: 'launch.fit.speedOver', values: { speed: SPEED_CEILING } }
  const speed = tokensPerSecond < 10 ? Math.round(tokensPerSecond * 10) / 10 : Math.round(tokensPerSecond)
  return { id: 'launch.fit.speed', values: { speed } }
}

/**
 * The card's line under its grade: that its file cannot be had (not cached, and no hub that publishes it
 * answers), else how fast it would answer here. The grade alone says only that it fits the memory.
 */
export function cardFitNote(
  fit: FitSummary | undefined,
  t: typeof translate,
): { text: string; warning: boolean } | null {
  if (!fit || fit.fit === 'unknown') return null
  if (fit.files === 'unreachable' || fit.files === 'none')
    return {
      text: t(fit.files === 'none' ? 'launch.fit.card.noHub' : 'launch.fit.card.unreachable'),
      warning: true,
    }
  const speed = speedMessage(fit.tokens_per_second)
  return speed
    ? { text: t('launch.fit.card.speed', { speed: t(speed.id, speed.values) }), warning: false }
    : null
}
