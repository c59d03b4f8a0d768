import { describe, expect, it } from 'vitest'
import { listHead } from './list-head'

// Entries with what could fool a scan: commas, brackets and braces in strings, escaped quotes and backslashes,
// characters outside ASCII, nesting, numbers that a cut would shorten.
const list = [
  { name: 'a,b', specs: [{ q: ['x]', '{y'] }] },
  12345,
  'say "hi", \\ ]',
  '", "',
  { deep: { deeper: [[1, 2], { '}': ',' }] } },
  'Ünïcødé 模型 🚀',
  null,
  [true, false],
]

// Objects that begin alike, as a serializer writes a catalogue's families (`{"version":`), nested ones too, and
// strings that look like that opening: the shape listHead finds its cut in without reading the text through.
const alike = [
  { name: 'a', specs: [{ name: '},{"name":' }, { name: 'b', specs: [{ name: 'c' }] }] },
  { name: ', {\\"name\\": ]', specs: [] },
  { name: { name: { name: 1 } } },
  { name: 'd', specs: [{ name: 'e' }, { other: 'f' }] },
  { name: 'g' },
]

/** Every cut of `entries` written with `indent`: the entries whole before it. */
function expectEveryCut(entries: readonly unknown[], indent?: number) {
  const text = JSON.stringify(entries, null, indent)
  // Where the comma after each entry is (the first entries, written alone, end with "]" or "\n]" where the whole
  // list has that comma): an entry counts once its comma is in the text.
  const end = indent === undefined ? 1 : 2
  const commas = entries
    .slice(1)
    .map((_, index) => JSON.stringify(entries.slice(0, index + 1), null, indent).length - end)
  for (const at of commas) expect(text[at]).toBe(',')
  for (let cut = 0; cut <= text.length; cut++) {
    const whole = commas.filter((at) => at < cut).length
    expect(listHead(text.slice(0, cut)), `cut at ${String(cut)}`).toEqual(
      whole ? entries.slice(0, whole) : null,
    )
  }
}

describe('listHead', () => {
  it('gives exactly the entries that are whole before any cut, and the entries as they are', () => {
    expectEveryCut(list, 1)
  })

  it('does so for objects that begin alike at every depth, written compact and indented', () => {
    expectEveryCut(alike)
    expectEveryCut(alike, 2)
  })

  it('is null for what is not an array', () => {
    expect(listHead('{"a": [1, 2, 3]}')).toBeNull()
    expect(listHead('  ')).toBeNull()
    expect(listHead('<html>, </html>')).toBeNull()
  })
})
