import { isIPv6 } from 'node:net'

export interface BackOff {
  /** Failures allowed before any wait. */
  freeFailures: number
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number
  maxDelayMs: number
}

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

/** How many of the least recently failed penalised keys are looked at to find one to forget. */
const EVICTION_SCAN = 64

interface Failures {
  count: number
  last: number
}

/**
 * Failures per key in bounded memory, where a key under penalty is never pushed out by keys that are not: when
 * full, the least recently failed key without a wait goes first; only when every key waits does the one whose wait
 * ends soonest (of the oldest few) go. Without this, a flood of failures under fresh keys would erase a key's wait.
 */
class PenaltyTable {
  /** Keys without a wait, least recently failed first. */
  private readonly calm = new Map<string, Failures>()
  /** Keys that reached their free failures, least recently failed first. */
  private readonly waiting = new Map<string, Failures>()

  constructor(
    private readonly backOff: BackOff,
    private readonly options: Pick<SignInLimiterOptions, 'forgetAfterMs' | 'maxKeys' | 'now'>,
  ) {}

  get size(): number {
    return this.calm.size + this.waiting.size
  }

  private entry(key: string): Failures | undefined {
    const entry = this.calm.get(key) ?? this.waiting.get(key)
    if (entry && this.options.now() - entry.last >= this.options.forgetAfterMs) {
      this.forget(key)
      return undefined
    }
    return entry
  }

  /** Milliseconds until the wait of `entry` ends; 0 when there is none. */
  private waitOf(entry: Failures): number {
    const { freeFailures, baseDelayMs, maxDelayMs } = this.backOff
    if (entry.count < freeFailures) return 0
    const delay = Math.min(baseDelayMs * 2 ** (entry.count - freeFailures), maxDelayMs)
    return Math.max(0, entry.last + delay - this.options.now())
  }

  wait(key: string): number {
    const entry = this.entry(key)
    return entry ? this.waitOf(entry) : 0
  }

  fail(key: string): void {
    const count = (this.entry(key)?.count ?? 0) + 1
    this.forget(key)
    if (this.size >= this.options.maxKeys) this.evictOne()
    // Re-inserted, so each map's order stays least recently failed first.
    const entry = { count, last: this.options.now() }
    if (count >= this.backOff.freeFailures) this.waiting.set(key, entry)
    else this.calm.set(key, entry)
  }

  forget(key: string): void {
    this.calm.delete(key)
    this.waiting.delete(key)
  }

  private evictOne(): void {
    const oldestCalm = this.calm.keys().next()
    if (!oldestCalm.done) return void this.calm.delete(oldestCalm.value)
    let chosen: string | undefined
    let soonest = Infinity
    let looked = 0
    for (const [key, entry] of this.waiting) {
      const wait = this.waitOf(entry)
      if (wait < soonest) [chosen, soonest] = [key, wait]
      if (wait === 0 || ++looked >= EVICTION_SCAN) break
    }
    if (chosen !== undefined) this.waiting.delete(chosen)
  }
}

/**
 * The address a client is counted under: an IPv6 address by its /64 (one host holds a whole /64, and would
 * otherwise count as 2^64 clients); IPv4 (also when written as IPv4-mapped IPv6) as it is.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (!isIPv6(address)) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * Slows password guessing in two tiers. Per user name and address: after a few failures each further try must
 * wait, the wait doubling with every failure, so guesses against one name (or from one address) never lock out
 * another user, and the first wait is a second, not minutes. Per address: a generous budget of failures under any
 * names, then waits of its own, so one address cannot flood the first tier with junk names. Memory stays bounded,
 * and a wait is never forgotten to make room for keys without one (PenaltyTable). A success clears its user's
 * record, not its address's: one good account must not wash an address's guesses away.
 */
export class SignInLimiter {
  private readonly users: PenaltyTable
  private readonly addresses: PenaltyTable
  private readonly options: SignInLimiterOptions

  constructor(options: Partial<SignInLimiterOptions> = {}) {
    this.options = { ...DEFAULTS, ...options }
    this.users = new PenaltyTable(this.options.perUser, this.options)
    this.addresses = new PenaltyTable(this.options.perAddress, this.options)
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
