import type { LimitUsage, Limits } from '@serving-console/contract'
import { HttpError } from '../../http/http-error.js'
import type { RequestOutcome } from '../runtime/request-outcome.js'
import type { LimitStore, SubjectKey } from './limit-store.js'
import { MinuteWindow } from './minute-window.js'
import { periodOf } from './periods.js'
import type { UsageStore } from './usage-store.js'

/** Who a request is counted against: its user and key where it has them, and its model (for everyone). */
export interface Subject {
  key: SubjectKey
  /** How the refusal names it: `user alice`, `key "ci" (xf-3f…)`, `model my-llm`. */
  label: string
  /** What the usage table is asked for this subject's budget. */
  usage: { user_id: number } | { key_id: number } | { model: string }
}

/** One subject's counters: the last minute's requests and tokens, its requests now, its budget's period. */
class Counters {
  readonly requests = new MinuteWindow()
  readonly tokens = new MinuteWindow()
  atOnce = 0
  budget: { kind: Limits['budget_period']; start: number; end: number; used: number } | null = null
}

/** A refusal for a limit: the limit's words and how long until it would let the request through. */
interface Refusal {
  detail: string
  waitMs: number
}

const inSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
const isoSecond = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * The limits on the request path (docs/quotas.md): `admit` counts a request against its user, key and model, or
 * refuses it with a 429 naming the limit that holds it longest; the ticket it gives counts the request's tokens as
 * they come (a stream stops at a budget's end) and its end. Minute windows are in memory; a budget's tokens are
 * read from the usage table when its period starts (so they survive a restart) and kept up to date here.
 */
export class Quota {
  private readonly counters = new Map<SubjectKey, Counters>()

  constructor(
    private readonly limits: LimitStore,
    private readonly usage: UsageStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts a request in, or throws the 429 of the limit that would hold it longest. */
  admit(subjects: readonly Subject[]): Ticket {
    const now = this.clock()
    const refusals: Refusal[] = []
    const warnings: string[] = []
    for (const subject of subjects) {
      const limits = this.limits.of(subject.key)
      const counters = this.countersOf(subject.key)
      refusals.push(...this.refusalsOf(subject, limits, counters, now))
      const soft = limits.soft_budget
      if (soft !== null) {
        const budget = this.budgetOf(subject, limits, counters, now)
        if (budget.used >= soft)
          warnings.push(
            `${subject.label} has used ${String(budget.used)} of its ${String(limits.token_budget ?? soft)} tokens this ${limits.budget_period} (soft limit ${String(soft)})`,
          )
      }
    }
    const tightest = refusals.reduce<Refusal | undefined>(
      (held, refusal) => (held && held.waitMs >= refusal.waitMs ? held : refusal),
      undefined,
    )
    if (tightest) {
      throw new HttpError(429, tightest.detail, { 'retry-after': String(inSeconds(tightest.waitMs)) })
    }
    const counted = subjects.map((subject) => {
      const counters = this.countersOf(subject.key)
      counters.requests.add(now, 1)
      counters.atOnce += 1
      return { subject, counters }
    })
    return new Ticket(this, counted, warnings)
  }

  /** A subject's usage against its limits, now. */
  usageOf(subject: Subject): LimitUsage {
    const now = this.clock()
    const limits = this.limits.of(subject.key)
    const counters = this.countersOf(subject.key)
    const budget = this.budgetOf(subject, limits, counters, now)
    return {
      requests_last_minute: counters.requests.total(now),
      tokens_last_minute: counters.tokens.total(now),
      requests_at_once: counters.atOnce,
      budget_used: budget.used,
      period_start: Math.floor(budget.start / 1000),
      period_end: Math.floor(budget.end / 1000),
      soft_reached: limits.soft_budget !== null && budget.used >= limits.soft_budget,
    }
  }

  /** Forgets a subject's budget, read again from the usage table when next asked (its period kind changed). */
  limitsChanged(key: SubjectKey): void {
    const counters = this.counters.get(key)
    if (counters) counters.budget = null
  }

  /** Tokens a request used, told as they come: each counts in its subjects' last minute and budgets. */
  countTokens(counted: readonly CountedSubject[], tokens: number): void {
    if (tokens === 0) return
    const now = this.clock()
    for (const { subject, counters } of counted) {
      if (tokens > 0) counters.tokens.add(now, tokens)
      this.budgetOf(subject, this.limits.of(subject.key), counters, now).used += tokens
    }
  }

  /** The first budget among the subjects that is spent, in words; null while none is. */
  spentBudget(counted: readonly CountedSubject[]): string | null {
    const now = this.clock()
    for (const { subject, counters } of counted) {
      const limits = this.limits.of(subject.key)
      if (limits.token_budget === null) continue
      const budget = this.budgetOf(subject, limits, counters, now)
      if (budget.used >= limits.token_budget) return this.budgetWords(subject, limits, budget.end)
    }
    return null
  }

  release(counted: readonly CountedSubject[]): void {
    for (const { counters } of counted) counters.atOnce -= 1
  }

  private refusalsOf(subject: Subject, limits: Limits, counters: Counters, now: number): Refusal[] {
    const refusals: Refusal[] = []
    const {
      requests_at_once: atOnce,
      requests_per_minute: rpm,
      tokens_per_minute: tpm,
      token_budget: budget,
    } = limits
    if (atOnce !== null && counters.atOnce >= atOnce)
      refusals.push({
        detail: `Limit of ${subject.label}: ${String(atOnce)} requests at once; try again when one of them ends`,
        waitMs: 1000,
      })
    if (rpm !== null && counters.requests.total(now) >= rpm) {
      const waitMs = counters.requests.msUntilBelow(now, rpm)
      refusals.push({
        detail: `Limit of ${subject.label}: ${String(rpm)} requests per minute; the next one is allowed at ${isoSecond(now + waitMs)}`,
        waitMs,
      })
    }
    if (tpm !== null && counters.tokens.total(now) >= tpm) {
      const waitMs = counters.tokens.msUntilBelow(now, tpm)
      refusals.push({
        detail: `Limit of ${subject.label}: ${String(tpm)} tokens per minute; the next request is allowed at ${isoSecond(now + waitMs)}`,
        waitMs,
      })
    }
    if (budget !== null) {
      const period = this.budgetOf(subject, limits, counters, now)
      if (period.used >= budget)
        refusals.push({ detail: this.budgetWords(subject, limits, period.end), waitMs: period.end - now })
    }
    return refusals
  }

  private budgetWords(subject: Subject, limits: Limits, end: number): string {
    return `Token budget of ${subject.label}: ${String(limits.token_budget)} tokens per ${limits.budget_period}, all used; it resets at ${isoSecond(end)}`
  }

  /** The subject's budget period now, its tokens read from the usage table when the period (or its kind) is new. */
  private budgetOf(subject: Subject, limits: Limits, counters: Counters, now: number) {
    const current = counters.budget
    if (current && current.kind === limits.budget_period && now < current.end) return current
    const { start, end } = periodOf(limits.budget_period, now)
    counters.budget = {
      kind: limits.budget_period,
      start,
      end,
      used: this.usage.tokensSince(subject.usage, start),
    }
    return counters.budget
  }

  private countersOf(key: SubjectKey): Counters {
    let counters = this.counters.get(key)
    if (!counters) {
      counters = new Counters()
      this.counters.set(key, counters)
    }
    return counters
  }
}

export interface CountedSubject {
  subject: Subject
  counters: Counters
}

/**
 * One admitted request's place in its subjects' counters: `token` counts generated tokens as they come, `end` the
 * exact figures once the model has them (the difference from what was counted live), `release` its place at once.
 */
export class Ticket {
  private live = 0
  private released = false
  private readonly stop = new AbortController()
  /** Why the request was stopped: its budget ran out while it streamed. */
  stoppedFor: string | null = null
  /** The model admitted it: its outcome will be told (runtime/running-model.ts, `onAdmitted`). */
  modelTook = false
  /** Told the model's outcome of the request (set by the plugin that admitted it). */
  onOutcome: (outcome: RequestOutcome) => void = () => undefined

  constructor(
    private readonly quota: Quota,
    readonly counted: readonly CountedSubject[],
    /** Soft limits reached: told to the caller in a response header. */
    readonly warnings: readonly string[],
  ) {}

  /** Aborts when a budget runs out while the answer streams (asked for by `watchBudget`). */
  get signal(): AbortSignal {
    return this.stop.signal
  }

  /** Tokens generated, as they come; a watched request stops once a budget of its subjects is spent. */
  token(count = 1, watchBudget = false): void {
    this.live += count
    this.quota.countTokens(this.counted, count)
    if (watchBudget && !this.stop.signal.aborted) {
      const spent = this.quota.spentBudget(this.counted)
      if (spent) {
        this.stoppedFor = spent
        this.stop.abort(new Error(spent))
      }
    }
  }

  /** The request's exact tokens, once known: what was not counted live is counted now. */
  settle(tokens: number): void {
    this.quota.countTokens(this.counted, tokens - this.live)
    this.live = tokens
  }

  release(): void {
    if (this.released) return
    this.released = true
    this.quota.release(this.counted)
  }
}
