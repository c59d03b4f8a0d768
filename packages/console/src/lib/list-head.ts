/**
 * The whole entries at the start of a JSON array's text, as an array; `text` may stop anywhere (even inside a
 * string or a character). Null when no entry is whole, or the text is not an array. Used to show the first entries
 * of a long answer before the whole of it is parsed (see `onHead` in api-client.ts).
 */
export function listHead(text: string): unknown[] | null {
  let at = 0
  while (at < text.length && isSpace(text.charCodeAt(at))) at++
  if (text[at] !== '[') return null
  let depth = 0
  let inString = false
  let lastEnd = -1 // where the last whole top-level entry ends
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
    else if (c === COMMA && depth === 0) lastEnd = i
  }
  if (lastEnd < 0) return null
  try {
    return JSON.parse(`${text.slice(at, lastEnd)}]`) as unknown[]
  } catch {
    return null
  }
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
