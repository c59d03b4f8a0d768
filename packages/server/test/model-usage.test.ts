import { describe, expect, it } from 'vitest'
import {
  DURATION_SAMPLES,
  ModelUsage,
  percentile,
  USAGE_MINUTES,
} from '../src/platform/runtime/model-usage.js'
import { postChat, userChat } from './helper.js'
import { launchedApp } from './runtime-helper.js'

const MINUTE = 60_000

describe('ModelUsage', () => {
  it('counts requests, errors and tokens, and keeps the last hour minute by minute', () => {
    const usage = new ModelUsage()
    const start = Date.UTC(2026, 10, 25, 12, 0, 0)
    usage.record({
      ok: true,
      inputTokens: 10,
      outputTokens: 30,
      firstTokenMs: 20,
      durationMs: 50,
      at: start + 1000,
    })
    usage.record({
      ok: false,
      inputTokens: 5,
      outputTokens: 0,
      firstTokenMs: null,
      durationMs: 5,
      at: start + 2000,
    })
    usage.record({
      ok: true,
      inputTokens: 10,
      outputTokens: 60,
      firstTokenMs: 40,
      durationMs: 90,
      at: start + 2 * MINUTE,
    })
    const now = start + 2 * MINUTE + 30_000
    const snapshot = usage.snapshot(start - MINUTE, now)
    expect(snapshot).toMatchObject({
      since: (start - MINUTE) / 1000,
      last_request: (start + 2 * MINUTE) / 1000,
      requests: 3,
      errors: 1,
      prompt_tokens: 25,
      generated_tokens: 90,
      // The last full minute (none) and this one (60 tokens) over their 90 s.
      tokens_per_second: 0.7,
      first_token_ms: 30,
    })
    expect(snapshot.minutes).toHaveLength(USAGE_MINUTES)
    expect(snapshot.minutes.at(-1)).toEqual({
      at: (start + 2 * MINUTE) / 1000,
      requests: 1,
      errors: 0,
      generated_tokens: 60,
      first_token_ms: 40,
    })
    expect(snapshot.minutes.at(-3)).toMatchObject({ requests: 2, errors: 1, first_token_ms: 20 })
    expect(snapshot.minutes.at(-2)).toMatchObject({ requests: 0, first_token_ms: null })
  })

  it('forgets minutes older than the hour, keeping the totals', () => {
    const usage = new ModelUsage()
    const start = Date.UTC(2026, 10, 25, 12, 0, 0)
    for (let minute = 0; minute < USAGE_MINUTES + 10; minute++)
      usage.record({
        ok: true,
        inputTokens: 1,
        outputTokens: 1,
        firstTokenMs: 1,
        durationMs: 2,
        at: start + minute * MINUTE,
      })
    const snapshot = usage.snapshot(start, start + (USAGE_MINUTES + 9) * MINUTE)
    expect(snapshot.requests).toBe(USAGE_MINUTES + 10)
    expect(snapshot.minutes.every((minute) => minute.requests === 1)).toBe(true)
  })

  it('reads the last minute for the alert rules: refusals, and the 95th percentile of durations from a bounded sample', () => {
    const usage = new ModelUsage()
    const start = Date.UTC(2026, 10, 25, 12, 0, 0)
    const served = (durationMs: number, at: number) =>
      usage.record({ ok: true, inputTokens: 1, outputTokens: 1, firstTokenMs: 1, durationMs, at })
    // An old minute's slow requests are not the last minute's.
    served(90_000, start)
    for (let ms = 1; ms <= 100; ms++) served(ms * 10, start + 5 * MINUTE + ms)
    usage.refuse(start + 5 * MINUTE)
    usage.refuse(start + 5 * MINUTE + 1)
    expect(usage.recent(start + 5 * MINUTE + 30_000)).toMatchObject({
      requests: 100,
      refused: 2,
      durationP95Ms: 950,
    })
    expect(usage.recent(start + 10 * MINUTE)).toMatchObject({ requests: 0, refused: 0, durationP95Ms: null })
    // A flood keeps a sample of a bounded size, still read for the percentile.
    for (let n = 0; n < 3 * DURATION_SAMPLES; n++) served(100, start + 20 * MINUTE)
    expect(usage.recent(start + 20 * MINUTE).durationP95Ms).toBe(100)
  })

  it('takes the percentile by nearest rank', () => {
    expect(percentile([], 95)).toBeNull()
    expect(percentile([3, 1, 2], 50)).toBe(2)
    expect(percentile([5], 95)).toBe(5)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10)
  })
})

describe('a model’s usage through the API', () => {
  it('is in its row and, minute by minute, at /usage', { timeout: 30_000 }, async () => {
    const app = await launchedApp()
    const chat = await postChat(app, userChat('tiny-chat', 'Hi', { max_tokens: 4 }))
    const { usage } = chat.json<{ usage: { prompt_tokens: number; completion_tokens: number } }>()
    const row = (await app.inject('/api/v1/models')).json<{ data: { usage: unknown }[] }>().data[0]
    expect(row?.usage).toMatchObject({
      requests: 1,
      errors: 0,
      prompt_tokens: usage.prompt_tokens,
      generated_tokens: usage.completion_tokens,
    })
    const history = await app.inject('/api/v1/models/tiny-chat/usage')
    expect(history.statusCode).toBe(200)
    const minutes = history.json<{ minutes: { requests: number; first_token_ms: number | null }[] }>().minutes
    expect(minutes).toHaveLength(USAGE_MINUTES)
    expect(minutes.at(-1)?.requests).toBe(1)
    expect(minutes.at(-1)?.first_token_ms).toBeGreaterThanOrEqual(0)
    expect((await app.inject('/api/v1/models/nothing/usage')).statusCode).toBe(400)
  })
})
