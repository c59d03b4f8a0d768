import type { FitGrade, ModelFit, QuantizationFit, SpecFit } from '@serving-console/contract'
import type { MessageId } from '../../../i18n/catalogue'
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
  no: 'launch.fit.grade.no',
  unknown: 'launch.fit.grade.unknown',
}

export const GRADE_TONE: Record<FitGrade, 'success' | 'warning' | 'error' | 'default'> = {
  fits: 'success',
  tight: 'warning',
  no: 'error',
  unknown: 'default',
}

/** What a hub is called on screen. */
export const HUB_NAME: Record<string, string> = {
  huggingface: 'Hugging Face',
  modelscope: 'ModelScope',
  csghub: 'CSGHub',
}
