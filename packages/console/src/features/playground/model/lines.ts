/** The most lines (texts, documents) a playground sends at once: a try, not a batch job. */
export const MAX_LINES = 32

/** A text box's non-empty lines, trimmed: one text or document each. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
