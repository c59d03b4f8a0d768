import { describe, expect, it } from 'vitest'
import { fill } from '../src/pages/page-i18n.js'

// What ICU MessageFormat (FormatJS's intl-messageformat, as the console formats) makes of each message: the
// pages' formatter must say the same for the elements the pages use (text and arguments).
describe("the pages' message formatter", () => {
  it.each([
    ['Server error: {status} - {detail}', { status: 500, detail: 'boom' }, 'Server error: 500 - boom'],
    ['{ uid } is spaced', { uid: 'a' }, 'a is spaced'],
    ["This model's web UI", {}, "This model's web UI"],
    ["It''s {n}", { n: 1 }, "It's 1"],
    ["'{n}' is {n}", { n: 2 }, '{n} is 2'],
    ["a '{b}'' c' {n} d", { n: 3 }, "a {b}' c 3 d"],
    ["x '<b>' {n}", { n: 5 }, 'x <b> 5'],
    ["ends quoted '{", {}, 'ends quoted {'],
  ])('%j with %j says %j', (message, values, said) => {
    expect(fill(message, values)).toBe(said)
  })

  it('puts values in as they are, and leaves an argument without one as written', () => {
    expect(fill('{detail}', { detail: '{x} $&' })).toBe('{x} $&')
    expect(fill('context {length}')).toBe('context {length}')
  })
})
