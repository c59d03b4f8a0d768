import { describe, expect, it } from 'vitest'
import { formatRemaining, parseServerTime } from './format'

describe('parseServerTime', () => {
  it('reads a time without a zone as UTC, as the server wrote it', () => {
    expect(parseServerTime('2026-01-31 12:00:00')?.toISOString()).toBe('2026-01-31T12:00:00.000Z')
    expect(parseServerTime('2099-12-31T23:59:59')?.toISOString()).toBe('2099-12-31T23:59:59.000Z')
  })

  it('keeps a zone the server gave', () => {
    expect(parseServerTime('2026-01-31T12:00:00+02:00')?.toISOString()).toBe('2026-01-31T10:00:00.000Z')
    expect(parseServerTime('2026-01-31T12:00:00.123Z')?.toISOString()).toBe('2026-01-31T12:00:00.123Z')
  })

  it('answers null for what is no time', () => {
    expect(parseServerTime('soon')).toBeNull()
  })
})

describe('formatRemaining', () => {
  it('says hours and minutes, minutes and seconds, or seconds', () => {
    expect(formatRemaining(2 * 3600 + 5 * 60 + 7)).toBe('2 h 5 min')
    expect(formatRemaining(250)).toBe('4 min 10 s')
    expect(formatRemaining(30.9)).toBe('30 s')
    expect(formatRemaining(-3)).toBe('0 s')
  })
})
