/** SPEC §3: 'none' becomes null, 'true' and 'false' booleans, numeric text numbers; anything else stays text. */
export function typedValue(text: string): string | number | boolean | null {
  const trimmed = text.trim()
  if (trimmed === 'none') return null
  if (trimmed === 'true') return true
  if (trimmed === 'false') return false
  if (trimmed !== '' && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(trimmed)) return Number(trimmed)
  return text
}

/** The inverse, to show a saved value in a text field. */
export function valueText(value: unknown): string {
  if (value === null) return 'none'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}
