/**
 * Refuses sign-in from an address after repeated failures, for a while. Memory stays bounded: at most
 * `maxAddresses` are tracked, the oldest forgotten first.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, { count: number; since: number }>()

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 5 * 60_000,
    private readonly maxAddresses = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until this address may try again, or 0 when it may try now. */
  retryAfter(address: string): number {
    const entry = this.failures.get(address)
    if (!entry) return 0
    const left = entry.since + this.windowMs - this.now()
    if (left <= 0) {
      this.failures.delete(address)
      return 0
    }
    return entry.count >= this.maxFailures ? Math.ceil(left / 1000) : 0
  }

  fail(address: string): void {
    const entry = this.failures.get(address)
    if (entry && entry.since + this.windowMs > this.now()) {
      entry.count += 1
      return
    }
    this.failures.delete(address)
    if (this.failures.size >= this.maxAddresses) {
      const oldest = this.failures.keys().next().value
      if (oldest !== undefined) this.failures.delete(oldest)
    }
    this.failures.set(address, { count: 1, since: this.now() })
  }

  succeed(address: string): void {
    this.failures.delete(address)
  }

  get size(): number {
    return this.failures.size
  }
}
