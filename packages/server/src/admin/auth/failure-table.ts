import type { FailureLimit } from '@serving-console/contract'

/** What a table keeps per key: its policy's own record, with the moment the key's wait ends (0: no wait). */
export interface FailureRecord {
  until: number
  /** The last failure's time. */
  last: number
}

/**
 * How failures turn into a wait. The sign-in limiter backs off (each failure past a few doubles the wait); the
 * failure bans count failures in a window and ban for a while once there are enough (docs/security.md).
 */
export interface FailurePolicy<R extends FailureRecord> {
  /** The record after one more failure at `now`. */
  fail(previous: R | undefined, now: number): R
  /** Whether the record says nothing any more (no wait, nothing that counts toward one) and may be dropped. */
  spent(record: R, now: number): boolean
}

/** How many of the least recently failed waiting keys are looked at to find one to forget. */
const EVICTION_SCAN = 64

/**
 * Failures per key under one policy, in bounded memory, where a key that waits is never pushed out by keys that do
 * not: when full, the least recently failed key without a wait goes first; only when every key waits does the one
 * whose wait ends soonest (of the oldest few) go. Without this, a flood of failures under fresh keys would erase a
 * key's wait or ban.
 */
export class FailureTable<R extends FailureRecord> {
  /** Keys without a wait, least recently failed first. */
  private readonly calm = new Map<string, R>()
  /** Keys that were made to wait, least recently failed first. */
  private readonly waiting = new Map<string, R>()

  constructor(
    private readonly policy: FailurePolicy<R>,
    private readonly options: { maxKeys: number; now: () => number },
  ) {}

  get size(): number {
    return this.calm.size + this.waiting.size
  }

  private record(key: string): R | undefined {
    const record = this.calm.get(key) ?? this.waiting.get(key)
    if (record && this.policy.spent(record, this.options.now())) {
      this.forget(key)
      return undefined
    }
    return record
  }

  /** Milliseconds until the key's wait ends; 0 when it has none. */
  wait(key: string): number {
    const record = this.record(key)
    return record ? Math.max(0, record.until - this.options.now()) : 0
  }

  /** Counts a failure under the key; true when it began (or lengthened) the key's wait. */
  fail(key: string): boolean {
    const previous = this.record(key)
    const now = this.options.now()
    const record = this.policy.fail(previous, now)
    this.forget(key)
    if (this.size >= this.options.maxKeys) this.evictOne()
    // Re-inserted, so each map's order stays least recently failed first.
    ;(record.until > now ? this.waiting : this.calm).set(key, record)
    return record.until > (previous?.until ?? 0)
  }

  /** Forgets the key; true when it had a wait. */
  forget(key: string): boolean {
    const record = this.calm.get(key) ?? this.waiting.get(key)
    this.calm.delete(key)
    this.waiting.delete(key)
    return record !== undefined && record.until > this.options.now()
  }

  /** The keys that wait now, with the moment each wait ends. */
  waits(): { key: string; until: number }[] {
    const now = this.options.now()
    return [...this.waiting]
      .filter(([, record]) => record.until > now)
      .map(([key, record]) => ({ key, until: record.until }))
  }

  /** Forgets the waiting keys that match; how many there were. */
  forgetWaiting(matches: (key: string) => boolean): number {
    return this.waits().filter(({ key }) => matches(key) && this.forget(key)).length
  }

  private evictOne(): void {
    const oldestCalm = this.calm.keys().next()
    if (!oldestCalm.done) return void this.calm.delete(oldestCalm.value)
    const now = this.options.now()
    let chosen: string | undefined
    let soonest = Infinity
    let looked = 0
    for (const [key, record] of this.waiting) {
      const wait = Math.max(0, record.until - now)
      if (wait < soonest) [chosen, soonest] = [key, wait]
      if (wait === 0 || ++looked >= EVICTION_SCAN) break
    }
    if (chosen !== undefined) this.waiting.delete(chosen)
  }
}

export interface BackOff {
  /** Failures allowed before any wait. */
  freeFailures: number
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number
  maxDelayMs: number
}

/** Backing off: after a few free failures each one makes the key wait, twice as long as the one before. */
export function backOff(
  { freeFailures, baseDelayMs, maxDelayMs }: BackOff,
  forgetAfterMs: number,
): FailurePolicy<FailureRecord & { count: number }> {
  return {
    fail(previous, now) {
      const count = (previous?.count ?? 0) + 1
      const until =
        count < freeFailures ? 0 : now + Math.min(baseDelayMs * 2 ** (count - freeFailures), maxDelayMs)
      return { count, last: now, until }
    },
    spent: (record, now) => now - record.last >= forgetAfterMs,
  }
}

/**
 * Banning: `max_failures` failures within `window_seconds` ban the key for `ban_seconds` (upstream v3's rule). The
 * limit is read at each failure: it is a setting an administrator changes.
 */
export function windowBan(limit: () => FailureLimit): FailurePolicy<FailureRecord & { failures: number[] }> {
  return {
    fail(previous, now) {
      const { max_failures, window_seconds, ban_seconds } = limit()
      const failures = [
        ...(previous?.failures ?? []).filter((time) => time > now - window_seconds * 1000),
        now,
      ]
      return failures.length >= max_failures
        ? { failures: [], last: now, until: now + ban_seconds * 1000 }
        : { failures, last: now, until: previous?.until ?? 0 }
    },
    spent: (record, now) => record.until <= now && now - record.last >= limit().window_seconds * 1000,
  }
}
