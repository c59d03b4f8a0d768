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

describe('listHead', () => {
  it('gives exactly the entries that are whole before any cut, and the entries as they are', () => {
    const text = JSON.stringify(list, null, 1)
    // Where the comma after each entry is (the first entries, written alone, end with "\n]" where the whole list
    // has that comma): an entry counts once its comma is in the text.
    const commas = list
      .slice(1)
      .map((_, index) => JSON.stringify(list.slice(0, index + 1), null, 1).length - 2)
    for (const at of commas) expect(text[at]).toBe(',')
    for (let cut = 0; cut <= text.length; cut++) {
      const whole = commas.filter((at) => at < cut).length
      expect(listHead(text.slice(0, cut)), `cut at ${String(cut)}`).toEqual(
        whole ? list.slice(0, whole) : null,
      )
    }
  })

  it('is null for what is not an array', () => {
    expect(listHead('{"a": [1, 2, 3]}')).toBeNull()
    expect(listHead('  ')).toBeNull()
    expect(listHead('<html>, </html>')).toBeNull()
  })
})
