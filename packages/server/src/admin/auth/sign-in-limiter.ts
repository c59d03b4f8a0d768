import { addressKey } from './address-key.js'
import { backOff, FailureTable, type BackOff } from './failure-table.js'

export interface SignInLimiterOptions {
  /** Failures against one user name from one address. */
  perUser: BackOff
  /** Failures from one address, whatever the names: what makes a flood of junk names slow. */
  perAddress: BackOff
  /** A key with no failure for this long starts afresh. */
  forgetAfterMs: number
  /** Keys tracked at most in each tier. */
  maxKeys: number
  now: () => number
}

const DEFAULTS: SignInLimiterOptions = {
  perUser: { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 5 * 60_000 },
  // Generous: everyone behind one reverse proxy or NAT is one address (see --trust-proxy).
  perAddress: { freeFailures: 100, baseDelayMs: 1000, maxDelayMs: 60_000 },
  forgetAfterMs: 15 * 60_000,
  maxKeys: 10_000,
  now: Date.now,
}

/**
 * Slows password guessing in two tiers. Per user name and address: after a few failures each further try must
 * wait, the wait doubling with every failure, so guesses against one name (or from one address) never lock out
 * another user, and the first wait is a second, not minutes. Per address: a generous budget of failures under any
 * names, then waits of its own, so one address cannot flood the first tier with junk names. Memory stays bounded,
 * and a wait is never forgotten to make room for keys without one (FailureTable). A success clears its user's
 * record, not its address's: one good account must not wash an address's guesses away.
 */
export class SignInLimiter {
  private readonly users
  private readonly addresses

  constructor(options: Partial<SignInLimiterOptions> = {}) {
    const { perUser, perAddress, forgetAfterMs, ...table } = { ...DEFAULTS, ...options }
    this.users = new FailureTable(backOff(perUser, forgetAfterMs), table)
    this.addresses = new FailureTable(backOff(perAddress, forgetAfterMs), table)
  }

  private static key(username: string, address: string): string {
    return `${addressKey(address)}\u0000${username}`
  }

  /** Seconds until this user may try again from this address, or 0 when they may try now. */
  retryAfter(username: string, address: string): number {
    const wait = Math.max(
      this.users.wait(SignInLimiter.key(username, address)),
      this.addresses.wait(addressKey(address)),
    )
    return Math.ceil(wait / 1000)
  }

  fail(username: string, address: string): void {
    this.users.fail(SignInLimiter.key(username, address))
    this.addresses.fail(addressKey(address))
  }

  succeed(username: string, address: string): void {
    this.users.forget(SignInLimiter.key(username, address))
  }

  get size(): number {
    return this.users.size
  }
}
