/**
 * The whole entries at the start of a JSON array's text, as an array; `text` may stop anywhere (even inside a
 * string or a character). Null when no entry is whole, or the text is not an array. Used to show the first entries
 * of a long answer before the whole of it is parsed (see `onHead` in api-client.ts).
 */
export function listHead(text: string): unknown[] | null {
  let at = 0
  while (at < text.length && isSpace(text.charCodeAt(at))) at++
  if (text[at] !== '[') return null
  const quick = alikeEntriesEnd(text, at)
  return (quick > 0 ? parseUpTo(text, at, quick) : null) ?? parseUpTo(text, at, lastEntryEnd(text, at))
}

/**
 * Where the last whole entry ends (the comma after it), found without reading the text through when the entries
 * are objects that one serializer wrote, which begin alike (`{"version":` in upstream's catalogues): from the last
 * such opening, only the entry it begins is read. -1 when there is no such opening after a comma. The opening's
 * unescaped quote cannot be inside a string, but the opening can begin a nested object too: then the cut found is
 * not between entries, the text before it does not parse, and the caller reads the text through. (Reading 256 KiB
 * through, character by character, took ~10 ms of the Launch page's first load on a slow machine; the native parse
 * left is what the head costs anyway.)
 */
function alikeEntriesEnd(text: string, at: number): number {
  ENTRY_OPENING.lastIndex = at
  const opening = ENTRY_OPENING.exec(text)?.[1]
  if (!opening) return -1
  const last = text.lastIndexOf(opening)
  let comma = last - 1
  while (comma > at && isSpace(text.charCodeAt(comma))) comma--
  if (comma <= at || text.charCodeAt(comma) !== COMMA) return -1
  return Math.max(comma, lastEntryEnd(text, last - 1))
}

/** The last comma after `at` outside strings and brackets opened after `at`, or -1; reads the text through. */
function lastEntryEnd(text: string, at: number): number {
  let depth = 0
  let inString = false
  let lastEnd = -1
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
  return lastEnd
}

/** The list of the entries between the array's `[` at `at` and the comma at `end`; null if they do not parse. */
function parseUpTo(text: string, at: number, end: number): unknown[] | null {
  if (end < 0) return null
  try {
    return JSON.parse(`${text.slice(at, end)}]`) as unknown[]
  } catch {
    return null
  }
}

/** The array's `[` and its first entry's opening up to the colon after its first key: `{"version":`. */
const ENTRY_OPENING = /\[\s*(\{\s*"(?:[^"\\]|\\.)*"\s*:)/y
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
