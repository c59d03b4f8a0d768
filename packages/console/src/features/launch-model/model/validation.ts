export const REQUEST_LIMITS_MESSAGE = 'Please enter an integer greater than 0'
export const GPU_IDX_MESSAGE = 'Please enter numeric data separated by commas, for example: 0,1,2'
export const INCOMPLETE_ROW_MESSAGE = 'Please fill in the complete parameters before adding!!'

/** SPEC §5: empty, or an integer of at least 1. */
export function requestLimitsError(text: string): string | null {
  if (text.trim() === '') return null
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 ? null : REQUEST_LIMITS_MESSAGE
}

/** SPEC §5: empty, or digits separated by commas. */
export function gpuIdxError(text: string): string | null {
  if (text.trim() === '') return null
  return /^\d+(,\d+)*$/.test(text.replace(/\s/g, '')) ? null : GPU_IDX_MESSAGE
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
    if (seen.has(key)) return `${key} must be unique`
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
