import { NO_LIMITS, type Limits } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../src/http/http-error.js'
import { openDatabase } from '../src/platform/db/database.js'
import { LimitStore, subjectKey } from '../src/platform/quota/limit-store.js'
import { MinuteWindow } from '../src/platform/quota/minute-window.js'
import { periodOf } from '../src/platform/quota/periods.js'
import { Quota, type Subject } from '../src/platform/quota/quota.js'
import { percentile, UsageStore } from '../src/platform/quota/usage-store.js'
import { WorkerTime, type LiveWorkers } from '../src/platform/quota/worker-time.js'
import { tempDir } from './helper.js'

// The limits' arithmetic on an injected clock: each kind refuses at the right moment with the right Retry-After.

const T0 = Date.UTC(2026, 10, 27, 10, 0, 0)
const MODEL: Subject = { key: subjectKey('model', 'm1'), label: 'model m1', usage: { model: 'm1' } }
const OTHER: Subject = { key: subjectKey('model', 'm2'), label: 'model m2', usage: { model: 'm2' } }

/** A quota on a fresh database, on a clock the test moves; `limit` sets a model's limits. */
function quotaAt(dataDir = tempDir()) {
  const db = openDatabase(dataDir)
  let now = T0
  const limits = new LimitStore(db)
  const usage = new UsageStore(db)
  const quota = new Quota(limits, usage, () => now)
  return {
    db,
    dataDir,
    quota,
    usage,
    limits,
    /** Sets the model m1's limits (model limits need no user or key rows). */
    limit: (set: Partial<Limits>) => {
      limits.set('model', 'm1', { ...NO_LIMITS, ...set })
      quota.limitsChanged(MODEL.key)
    },
    advance: (ms: number) => (now += ms),
    now: () => now,
  }
}

/** The refusal `admit` throws, or undefined when it admits. */
function refusal(quota: Quota, subjects: Subject[] = [MODEL]): HttpError | undefined {
  try {
    quota.admit(subjects).release()
    return undefined
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
}

describe('a minute window', () => {
  it('counts the last 60 seconds and says when the oldest leaves', () => {
    const window = new MinuteWindow()
    window.add(T0, 1)
    window.add(T0 + 20_000, 2)
    expect(window.total(T0 + 30_000)).toBe(3)
    // Below 3 once the first leaves (60 s after it), below 1 once the second does.
    expect(window.msUntilBelow(T0 + 30_000, 3)).toBe(30_000)
    expect(window.msUntilBelow(T0 + 30_000, 1)).toBe(50_000)
    expect(window.total(T0 + 60_000)).toBe(2)
    expect(window.total(T0 + 80_000)).toBe(0)
  })
})

describe('budget periods', () => {
  it('are UTC days, weeks from Monday and months from the 1st', () => {
    // 2026-11-27 is a Friday.
    expect(periodOf('day', T0)).toEqual({ start: Date.UTC(2026, 10, 27), end: Date.UTC(2026, 10, 28) })
    expect(periodOf('week', T0)).toEqual({ start: Date.UTC(2026, 10, 23), end: Date.UTC(2026, 10, 30) })
    expect(periodOf('month', T0)).toEqual({ start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 11, 1) })
    expect(periodOf('month', Date.UTC(2026, 11, 31, 23))).toEqual({
      start: Date.UTC(2026, 11, 1),
      end: Date.UTC(2027, 0, 1),
    })
  })
})

describe('limits', () => {
  it('requests per minute: the next one goes when the oldest leaves the minute', () => {
    const { quota, limit, advance } = quotaAt()
    limit({ requests_per_minute: 2 })
    expect(refusal(quota)).toBeUndefined()
    advance(20_000)
    expect(refusal(quota)).toBeUndefined()
    advance(10_000)
    const refused = refusal(quota)
    expect(refused?.statusCode).toBe(429)
    expect(refused?.headers).toEqual({ 'retry-after': '30' })
    expect(refused?.message).toBe(
      'Limit of model m1: 2 requests per minute; the next one is allowed at 2026-11-27T10:01:00Z',
    )
    advance(30_000)
    expect(refusal(quota)).toBeUndefined()
  })

  it('tokens per minute: counted as they come, refused once the minute holds the limit', () => {
    const { quota, limit, advance } = quotaAt()
    limit({ tokens_per_minute: 10 })
    const ticket = quota.admit([MODEL])
    ticket.token(4)
    expect(refusal(quota)).toBeUndefined()
    ticket.settle(12)
    ticket.release()
    advance(15_000)
    const refused = refusal(quota)
    expect(refused?.headers).toEqual({ 'retry-after': '45' })
    expect(refused?.message).toContain('10 tokens per minute')
    advance(45_000)
    expect(refusal(quota)).toBeUndefined()
  })

  it('requests at once: refused while they are all in flight, admitted when one ends', () => {
    const { quota, limit } = quotaAt()
    limit({ requests_at_once: 2 })
    const first = quota.admit([MODEL])
    quota.admit([MODEL])
    const refused = refusal(quota)
    expect(refused?.headers).toEqual({ 'retry-after': '1' })
    expect(refused?.message).toBe('Limit of model m1: 2 requests at once; try again when one of them ends')
    first.release()
    first.release() // a second release gives nothing back twice
    expect(refusal(quota)).toBeUndefined()
    expect(refusal(quota)).toBeUndefined()
  })

  it('a token budget: refused until its period ends, read again from the usage table after a restart', () => {
    const first = quotaAt()
    first.limit({ token_budget: 100, budget_period: 'day' })
    const ticket = first.quota.admit([MODEL])
    ticket.settle(100)
    ticket.release()
    first.usage.record({
      at: first.now(),
      user: '',
      userId: 0,
      keyId: 0,
      model: 'm1',
      ok: true,
      promptTokens: 40,
      generatedTokens: 60,
      firstTokenMs: 10,
      durationMs: 20,
    })
    const refused = refusal(first.quota)
    // 10:00 to midnight UTC: 14 hours.
    expect(refused?.headers).toEqual({ 'retry-after': String(14 * 3600) })
    expect(refused?.message).toBe(
      'Token budget of model m1: 100 tokens per day, all used; it resets at 2026-11-28T00:00:00Z',
    )
    first.db.close()

    // The server again on the same data: the budget's tokens are the usage table's.
    const again = quotaAt(first.dataDir)
    expect(refusal(again.quota)?.statusCode).toBe(429)
    expect(again.quota.usageOf(MODEL).budget_used).toBe(100)
    again.advance(14 * 3600_000)
    expect(refusal(again.quota)).toBeUndefined()
  })

  it('names the limit that holds the request longest when several refuse', () => {
    const { quota, limits, limit } = quotaAt()
    limit({ requests_per_minute: 1 })
    limits.set('model', 'm2', { ...NO_LIMITS, requests_at_once: 1 })
    const held = quota.admit([MODEL, OTHER])
    const refused = refusal(quota, [MODEL, OTHER])
    expect(refused?.message).toContain('Limit of model m1: 1 requests per minute')
    expect(refused?.headers).toEqual({ 'retry-after': '60' })
    held.release()
  })

  it('a soft budget warns without refusing', () => {
    const { quota, limit } = quotaAt()
    limit({ token_budget: 100, soft_budget: 50 })
    const ticket = quota.admit([MODEL])
    expect(ticket.warnings).toEqual([])
    ticket.settle(60)
    ticket.release()
    const next = quota.admit([MODEL])
    expect(next.warnings).toEqual(['model m1 has used 60 of its 100 tokens this day (soft limit 50)'])
    expect(quota.usageOf(MODEL).soft_reached).toBe(true)
  })

  it('requests in flight may overrun a budget by their own tokens, never more', () => {
    const { quota, limit } = quotaAt()
    limit({ token_budget: 10 })
    // Five admitted while nothing is spent; each then uses 4 tokens.
    const tickets = Array.from({ length: 5 }, () => quota.admit([MODEL]))
    for (const ticket of tickets) {
      ticket.settle(4)
      ticket.release()
    }
    expect(quota.usageOf(MODEL).budget_used).toBe(20)
    expect(refusal(quota)?.statusCode).toBe(429)
  })

  it('a streamed answer stops when its budget runs out, saying which', () => {
    const { quota, limit } = quotaAt()
    limit({ token_budget: 3 })
    const ticket = quota.admit([MODEL])
    ticket.token(1, true)
    ticket.token(1, true)
    expect(ticket.signal.aborted).toBe(false)
    ticket.token(1, true)
    expect(ticket.signal.aborted).toBe(true)
    expect(ticket.stoppedFor).toContain('Token budget of model m1: 3 tokens per day, all used')
  })
})

describe('usage percentiles', () => {
  it('are read within their histogram bucket', () => {
    // 10 in (0, 25], 10 in (25, 50]: the median is 25, the 95th in the second bucket.
    const histogram = [10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    expect(percentile(histogram, 0.5)).toBe(25)
    expect(percentile(histogram, 0.95)).toBe(48)
    expect(percentile(new Array<number>(12).fill(0), 0.5)).toBeNull()
    // The open bucket says its lower edge.
    expect(percentile([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 0.5)).toBe(60_000)
  })
})

describe('worker time', () => {
  it('adds each model its live workers × the time since the last read, split at the hour; GPUs apart', () => {
    const { usage, advance, now } = quotaAt()
    let live: LiveWorkers[] = [{ uid: 'm1', workers: 2, gpus: 0 }]
    const time = new WorkerTime(usage, () => live, now)
    advance(30 * 60_000)
    time.read()
    // The next read spans the hour: 30 minutes to 10:00's row, 15 minutes to 11:00's, with a GPU model too.
    live = [...live, { uid: 'm2', workers: 1, gpus: 4 }]
    advance(45 * 60_000)
    time.read()
    live = []
    advance(60_000)
    time.read()
    const answer = usage.query({ since: T0, until: now(), step: 'hour', workers: true })
    expect(answer.workers).toEqual([
      { at: T0 / 1000 + 3600, model: 'm1', worker_seconds: 2 * 15 * 60, gpu_seconds: 0 },
      { at: T0 / 1000 + 3600, model: 'm2', worker_seconds: 15 * 60, gpu_seconds: 4 * 15 * 60 },
      { at: T0 / 1000, model: 'm1', worker_seconds: 2 * 60 * 60, gpu_seconds: 0 },
      { at: T0 / 1000, model: 'm2', worker_seconds: 30 * 60, gpu_seconds: 4 * 30 * 60 },
    ])
    expect(usage.query({ since: T0, until: now(), step: 'day', model: 'm2', workers: true }).workers).toEqual(
      [{ at: Date.UTC(2026, 10, 27) / 1000, model: 'm2', worker_seconds: 45 * 60, gpu_seconds: 4 * 45 * 60 }],
    )
    // Only for whoever sees everyone's usage.
    expect(usage.query({ since: T0, until: now(), step: 'hour', workers: false }).workers).toEqual([])
  })
})
