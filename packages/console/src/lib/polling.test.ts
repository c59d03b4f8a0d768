import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { pollDelay } from './polling'

const tooMany = (retryAfter: string) =>
  new ApiError(429, 'slow down', new Response(null, { status: 429, headers: { 'retry-after': retryAfter } }))

describe('pollDelay', () => {
  it('keeps the interval, except after a 429 that asks for longer', () => {
    expect(pollDelay(5000, null)).toBe(5000)
    expect(pollDelay(5000, new ApiError(500, 'x', new Response(null, { status: 500 })))).toBe(5000)
    expect(pollDelay(5000, tooMany('30'))).toBe(30_000)
    expect(pollDelay(5000, tooMany('1'))).toBe(5000)
    const now = Date.parse('2026-11-22T10:00:00Z')
    expect(pollDelay(1000, tooMany('Sun, 22 Nov 2026 10:01:00 GMT'), now)).toBe(60_000)
    expect(pollDelay(1000, tooMany('soon'))).toBe(1000)
  })
})
