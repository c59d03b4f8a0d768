import type { ModelUsage as UsageRow, UsageMinute } from '@serving-console/contract'
import type { RequestOutcome } from './request-outcome.js'

/** Minutes of history each model keeps: the last hour, so a chart opened now is already full. */
export const USAGE_MINUTES = 60

interface Minute {
  /** Start of the minute (ms since the epoch). */
  at: number
  requests: number
  errors: number
  generated: number
  firstTokenMs: number
  firstTokens: number
  /** Requests refused with a 429 (its limits, a full line, a quota). */
  refused: number
  /** Request durations (ms), a uniform sample of at most DURATION_SAMPLES; emptied once the minute is old. */
  durations: number[]
  /** How many durations the sample was drawn from. */
  durationsSeen: number
}

/** What the usage reads of a request's outcome (request-outcome.ts). */
export type Served = Pick<
  RequestOutcome,
  'ok' | 'inputTokens' | 'outputTokens' | 'firstTokenMs' | 'durationMs' | 'at'
>

/** Durations kept per minute for the percentiles: a uniform sample of the minute's requests beyond that. */
export const DURATION_SAMPLES = 1000
/** Minutes whose durations are kept (the alert rules read the last minute; the rest of the hour keeps counts). */
const DURATION_MINUTES = 2

/** The `p`th percentile (0–100) of `values`, nearest rank; null without values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? null
}

const minuteOf = (ms: number) => Math.floor(ms / 60_000) * 60_000

/**
 * One model's usage since it was launched, and per minute over the last hour: requests, errors, tokens and
 * time to first token. Kept in memory with the model (it goes when the model goes); bounded to USAGE_MINUTES.
 */
export class ModelUsage {
  private requests = 0
  private errors = 0
  private inputTokens = 0
  private outputTokens = 0
  private lastRequestAt: number | null = null
  private readonly minutes: Minute[] = []

  record(served: Served): void {
    this.requests += 1
    if (!served.ok) this.errors += 1
    this.inputTokens += served.inputTokens
    this.outputTokens += served.outputTokens
    this.lastRequestAt = served.at
    const minute = this.minute(served.at)
    minute.requests += 1
    if (!served.ok) minute.errors += 1
    minute.generated += served.outputTokens
    if (served.firstTokenMs !== null) {
      minute.firstTokenMs += served.firstTokenMs
      minute.firstTokens += 1
    }
    minute.durationsSeen += 1
    if (minute.durations.length < DURATION_SAMPLES) minute.durations.push(served.durationMs)
    else {
      // Reservoir sampling: each of the minute's durations is kept with the same chance.
      const at = Math.floor(Math.random() * minute.durationsSeen)
      if (at < DURATION_SAMPLES) minute.durations[at] = served.durationMs
    }
  }

  /** A request refused with a 429 before the model took it. */
  refuse(at: number): void {
    this.minute(at).refused += 1
  }

  private minute(at: number): Minute {
    const start = minuteOf(at)
    const last = this.minutes.at(-1)
    if (last?.at === start) return last
    const fresh: Minute = {
      at: start,
      requests: 0,
      errors: 0,
      generated: 0,
      firstTokenMs: 0,
      firstTokens: 0,
      refused: 0,
      durations: [],
      durationsSeen: 0,
    }
    this.minutes.push(fresh)
    while (this.minutes.length > USAGE_MINUTES) this.minutes.shift()
    for (const old of this.minutes.slice(0, -DURATION_MINUTES)) old.durations = []
    return fresh
  }

  /**
   * The last `window` ms (by whole minutes: the current one and those that started within it): requests, errors,
   * refusals, the mean time to first token and the 95th percentile of request durations (null without any), for
   * the alert rules.
   */
  recent(
    now: number,
    window = 60_000,
  ): {
    requests: number
    errors: number
    refused: number
    firstTokenMs: number | null
    durationP95Ms: number | null
  } {
    const from = minuteOf(now - window)
    const minutes = this.minutes.filter((minute) => minute.at >= from)
    const firstTokens = minutes.reduce((sum, minute) => sum + minute.firstTokens, 0)
    return {
      requests: minutes.reduce((sum, minute) => sum + minute.requests, 0),
      errors: minutes.reduce((sum, minute) => sum + minute.errors, 0),
      refused: minutes.reduce((sum, minute) => sum + minute.refused, 0),
      durationP95Ms: percentile(
        minutes.flatMap((minute) => minute.durations),
        95,
      ),
      firstTokenMs:
        firstTokens === 0
          ? null
          : minutes.reduce((sum, minute) => sum + minute.firstTokenMs, 0) / firstTokens,
    }
  }

  /** The totals, and the last hour minute by minute (minutes without requests included, as zeros). */
  snapshot(since: number, now = Date.now()): UsageRow & { minutes: UsageMinute[] } {
    const byStart = new Map(this.minutes.map((minute) => [minute.at, minute]))
    const current = minuteOf(now)
    const minutes: UsageMinute[] = []
    for (let at = current - (USAGE_MINUTES - 1) * 60_000; at <= current; at += 60_000) {
      const minute = byStart.get(at)
      minutes.push({
        at: at / 1000,
        requests: minute?.requests ?? 0,
        errors: minute?.errors ?? 0,
        generated_tokens: minute?.generated ?? 0,
        first_token_ms: minute?.firstTokens ? Math.round(minute.firstTokenMs / minute.firstTokens) : null,
      })
    }
    const hour = this.minutes.filter((minute) => minute.at > current - USAGE_MINUTES * 60_000)
    const firstTokens = hour.reduce((sum, minute) => sum + minute.firstTokens, 0)
    // Tokens per second over the last full minute and the current one, as a dashboard's rate would read.
    const recent = hour.filter((minute) => minute.at >= current - 60_000)
    const recentSeconds = Math.max(1, (now - (current - 60_000)) / 1000)
    return {
      since: Math.floor(since / 1000),
      last_request: this.lastRequestAt === null ? null : Math.floor(this.lastRequestAt / 1000),
      requests: this.requests,
      errors: this.errors,
      prompt_tokens: this.inputTokens,
      generated_tokens: this.outputTokens,
      tokens_per_second:
        Math.round((recent.reduce((sum, minute) => sum + minute.generated, 0) / recentSeconds) * 10) / 10,
      first_token_ms: firstTokens
        ? Math.round(hour.reduce((sum, minute) => sum + minute.firstTokenMs, 0) / firstTokens)
        : null,
      minutes,
    }
  }
}
