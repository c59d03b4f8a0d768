import { t } from '../../../i18n/i18n'

// Messages are said when asked for, so that they follow the language shown.

/** SPEC §5: empty, or an integer of at least 1. */
export function requestLimitsError(text: string): string | null {
  if (text.trim() === '') return null
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 ? null : t('launch.validation.requestLimits')
}

/** SPEC §5: empty, or digits separated by commas. */
export function gpuIdxError(text: string): string | null {
  if (text.trim() === '') return null
  return /^\d+(,\d+)*$/.test(text.replace(/\s/g, '')) ? null : t('launch.validation.gpuIdx')
}

/** Empty (the platform's default), or a whole number from `min` to `max`. */
export function rangeError(text: string, min: number, max: number): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const value = Number(trimmed)
  return /^\d+$/.test(trimmed) && value >= min && value <= max
    ? null
    : t('launch.validation.range', { min, max })
}

export interface KeyValueRow {
  key: string
  value: string
}

export const rowComplete = (row: KeyValueRow) => row.key.trim() !== '' && row.value.trim() !== ''

/** SPEC §5: '{key} must be unique' for the first key given twice. */
export function duplicateKeyError(rows: readonly KeyValueRow[]): string | null {
  const seen = new Set<string>()
  for (const row of rows) {
    const key = row.key.trim()
    if (!key) continue
    if (seen.has(key)) return t('launch.validation.duplicateKey', { key })
    seen.add(key)
  }
  return null
}

/** A list blocks Launch while a row is half filled or a key repeats. */
export function listInvalid(rows: readonly KeyValueRow[]): boolean {
  return (
    rows.some((row) => !rowComplete(row) && (row.key.trim() !== '' || row.value.trim() !== '')) ||
    duplicateKeyError(rows) !== null
  )
}

/** The cascade's choices an LLM launch still lacks, in the form's order (LAUNCH says them). */
export function missingChoices(
  form: { engine: string; format: string; size: string; quantization: string },
  needsQuantization: boolean,
): ('engine' | 'format' | 'size' | 'quantization')[] {
  return [
    ...(form.engine ? [] : (['engine'] as const)),
    ...(form.format ? [] : (['format'] as const)),
    ...(form.size ? [] : (['size'] as const)),
    ...(needsQuantization && !form.quantization ? (['quantization'] as const) : []),
  ]
}
