import type { BannedIp, BannedKey, FailureLimit, RateLimitConfig } from '@serving-console/contract'
import type { KeyLabel } from './api-keys.js'
import { addressKey } from './sign-in-limiter.js'

/** Upstream v3's defaults. */
export const DEFAULT_LIMITS: RateLimitConfig = {
  ip: { max_failures: 10, window_seconds: 300, ban_seconds: 3600 },
  key: { max_failures: 5, window_seconds: 300, ban_seconds: 3600 },
}

/** Addresses (or address and key pairs) tracked at most in each tier: a flood of fresh ones cannot grow memory. */
const MAX_TRACKED = 10_000

interface Entry {
  /** Failure times within the window, oldest first. */
  failures: number[]
  bannedUntil: number
}

/** One tier: failures per name within a window; enough of them ban the name for a while. */
class Tier {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly limit: () => FailureLimit,
    private readonly now: () => number,
  ) {}

  /** Seconds the name stays banned; 0 when it is not. */
  remaining(name: string): number {
    const entry = this.entries.get(name)
    const left = entry ? entry.bannedUntil - this.now() : 0
    return left > 0 ? Math.ceil(left / 1000) : 0
  }

  /** Counts a failure; true when it made a ban. */
  fail(name: string): boolean {
    const { max_failures, window_seconds, ban_seconds } = this.limit()
    const now = this.now()
    const entry = this.entries.get(name) ?? { failures: [], bannedUntil: 0 }
    this.entries.delete(name) // re-inserted last: the map stays least recently failed first
    entry.failures = entry.failures.filter((time) => time > now - window_seconds * 1000)
    entry.failures.push(now)
    const banning = entry.failures.length >= max_failures
    if (banning) {
      entry.bannedUntil = now + ban_seconds * 1000
      entry.failures = []
    }
    this.entries.set(name, entry)
    if (this.entries.size > MAX_TRACKED) this.forgetOne()
    return banning
  }

  /** The least recently failed name that is not banned; a ban is never pushed out by failures under new names. */
  private forgetOne(): void {
    for (const [name, entry] of this.entries) {
      if (entry.bannedUntil <= this.now()) {
        this.entries.delete(name)
        return
      }
    }
    this.entries.delete(this.entries.keys().next().value as string)
  }

  banned(): { name: string; bannedUntil: number; remaining: number }[] {
    return [...this.entries]
      .filter(([name]) => this.remaining(name) > 0)
      .map(([name, entry]) => ({ name, bannedUntil: entry.bannedUntil, remaining: this.remaining(name) }))
  }

  unban(name: string): boolean {
    const banned = this.remaining(name) > 0
    this.entries.delete(name)
    return banned
  }

  unbanWhere(matches: (name: string) => boolean): number {
    let count = 0
    for (const name of [...this.entries.keys()]) if (matches(name) && this.unban(name)) count++
    return count
  }
}

const pair = (ip: string, keyId: number) => `${String(keyId)} ${addressKey(ip)}`
const splitPair = (name: string) => {
  const space = name.indexOf(' ')
  return { ip: name.slice(space + 1), key_id: Number(name.slice(0, space)) }
}

/** A ban just made, for the audit trail. */
export interface NewBan {
  ip: string
  key_id?: number
}

/**
 * Upstream v3's failure limits: failed authentications from one address ban the address (429 for what it sends
 * without a valid credential: auth-plugin.ts); refused uses of one API key from one address ban that pair.
 * Addresses are counted as `addressKey` has them (IPv4 however written, IPv6 by its /64), so a ban is lifted by
 * the address as the client wrote it. Kept in memory, as v3 does (a restart lifts them); the limits themselves are
 * settings (`load`/`save`).
 */
export class FailureBans {
  private limits: RateLimitConfig
  private readonly ips: Tier
  private readonly keys: Tier
  /** The name and prefix of each key that failed, so a ban names more than an id (as many as there are keys). */
  private readonly labels = new Map<number, KeyLabel>()

  constructor(
    private readonly settings: { load(): RateLimitConfig | undefined; save(config: RateLimitConfig): void },
    now: () => number = Date.now,
    private readonly onBan: (ban: NewBan) => void = () => undefined,
  ) {
    this.limits = settings.load() ?? DEFAULT_LIMITS
    this.ips = new Tier(() => this.limits.ip, now)
    this.keys = new Tier(() => this.limits.key, now)
  }

  config(): RateLimitConfig {
    return this.limits
  }

  setConfig(config: RateLimitConfig): void {
    this.settings.save(config)
    this.limits = config
  }

  ipBan(ip: string): number {
    return this.ips.remaining(addressKey(ip))
  }

  keyBan(ip: string, keyId: number): number {
    return this.keys.remaining(pair(ip, keyId))
  }

  failIp(ip: string): void {
    const name = addressKey(ip)
    if (this.ips.fail(name)) this.onBan({ ip: name })
  }

  /** A refused use of a key from an address; the key's name and prefix are kept for the ban list. */
  failKey(ip: string, key: KeyLabel): void {
    this.labels.set(key.id, key)
    if (this.keys.fail(pair(ip, key.id))) this.onBan({ ip: addressKey(ip), key_id: key.id })
  }

  bannedIps(): BannedIp[] {
    return this.ips.banned().map(({ name, bannedUntil, remaining }) => ({
      ip: name,
      banned_until: bannedUntil / 1000,
      remaining_seconds: remaining,
    }))
  }

  bannedKeys(keyId?: number): BannedKey[] {
    return this.keys
      .banned()
      .map(({ name, bannedUntil, remaining }) => {
        const ban = splitPair(name)
        const label = this.labels.get(ban.key_id)
        return {
          ...ban,
          key_name: label?.name ?? null,
          key_prefix: label?.prefix ?? null,
          banned_until: bannedUntil / 1000,
          remaining_seconds: remaining,
        }
      })
      .filter((ban) => keyId === undefined || ban.key_id === keyId)
  }

  unbanIp(ip: string): boolean {
    return this.ips.unban(addressKey(ip))
  }

  unbanAllIps(): number {
    return this.ips.unbanWhere(() => true)
  }

  unbanKey(ip: string, keyId: number): boolean {
    return this.keys.unban(pair(ip, keyId))
  }

  /** Every ban of one key, or of every key. */
  unbanKeys(keyId?: number): number {
    return this.keys.unbanWhere((name) => keyId === undefined || splitPair(name).key_id === keyId)
  }
}
