export interface SignInLimiterOptions {
  /** Failures allowed before any wait. */
  freeFailures: number
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number
  maxDelayMs: number
  /** A key with no failure for this long starts afresh. */
  forgetAfterMs: number
  /** Keys tracked at most; the least recently failed is forgotten first. */
  maxKeys: number
  now: () => number
}

const DEFAULTS: SignInLimiterOptions = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  forgetAfterMs: 15 * 60_000,
  maxKeys: 10_000,
  now: Date.now,
}

/**
 * Slows password guessing per user name and address: after a few failures each further try must wait, the wait
 * doubling with every failure. Keyed on both, so guesses against one name (or from one address) never lock out
 * another user, and the first wait is a second, not minutes. Memory stays bounded.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, { count: number; last: number }>()
  private readonly options: SignInLimiterOptions

  constructor(options: Partial<SignInLimiterOptions> = {}) {
    this.options = { ...DEFAULTS, ...options }
  }

  private static key(username: string, address: string): string {
    return `${address}\u0000${username}`
  }

  /** Seconds until this user may try again from this address, or 0 when they may try now. */
  retryAfter(username: string, address: string): number {
    const key = SignInLimiter.key(username, address)
    const entry = this.failures.get(key)
    if (!entry) return 0
    const { freeFailures, baseDelayMs, maxDelayMs, forgetAfterMs, now } = this.options
    if (now() - entry.last >= forgetAfterMs) {
      this.failures.delete(key)
      return 0
    }
    if (entry.count < freeFailures) return 0
    const delay = Math.min(baseDelayMs * 2 ** (entry.count - freeFailures), maxDelayMs)
    const left = entry.last + delay - now()
    return left > 0 ? Math.ceil(left / 1000) : 0
  }

  fail(username: string, address: string): void {
    const key = SignInLimiter.key(username, address)
    const entry = this.failures.get(key)
    const { forgetAfterMs, maxKeys, now } = this.options
    const count = entry && now() - entry.last < forgetAfterMs ? entry.count + 1 : 1
    // Re-inserted so the map's order is least recently failed first.
    this.failures.delete(key)
    if (this.failures.size >= maxKeys) {
      const oldest = this.failures.keys().next().value
      if (oldest !== undefined) this.failures.delete(oldest)
    }
    this.failures.set(key, { count, last: now() })
  }

  succeed(username: string, address: string): void {
    this.failures.delete(SignInLimiter.key(username, address))
  }

  get size(): number {
    return this.failures.size
  }
}
