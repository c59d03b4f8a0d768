import type { BannedIp, BannedKey, RateLimitConfig } from '@serving-console/contract'
import type { KeyLabel } from './api-keys.js'
import { addressKey } from './address-key.js'
import { FailureTable, windowBan } from './failure-table.js'

/** Upstream v3's defaults. */
export const DEFAULT_LIMITS: RateLimitConfig = {
  ip: { max_failures: 10, window_seconds: 300, ban_seconds: 3600 },
  key: { max_failures: 5, window_seconds: 300, ban_seconds: 3600 },
}

/** Addresses (or address and key pairs) tracked at most in each tier: a flood of fresh ones cannot grow memory. */
const MAX_TRACKED = 10_000

const seconds = (ms: number) => Math.ceil(ms / 1000)

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
  private readonly ips
  private readonly keys
  /** The name and prefix of each key that failed, so a ban names more than an id (as many as there are keys). */
  private readonly labels = new Map<number, KeyLabel>()

  constructor(
    private readonly settings: { load(): RateLimitConfig | undefined; save(config: RateLimitConfig): void },
    private readonly now: () => number = Date.now,
    private readonly onBan: (ban: NewBan) => void = () => undefined,
  ) {
    this.limits = settings.load() ?? DEFAULT_LIMITS
    const table = { maxKeys: MAX_TRACKED, now }
    this.ips = new FailureTable(
      windowBan(() => this.limits.ip),
      table,
    )
    this.keys = new FailureTable(
      windowBan(() => this.limits.key),
      table,
    )
  }

  config(): RateLimitConfig {
    return this.limits
  }

  setConfig(config: RateLimitConfig): void {
    this.settings.save(config)
    this.limits = config
  }

  ipBan(ip: string): number {
    return seconds(this.ips.wait(addressKey(ip)))
  }

  keyBan(ip: string, keyId: number): number {
    return seconds(this.keys.wait(pair(ip, keyId)))
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
    return this.ips.waits().map(({ key, until }) => ({
      ip: key,
      banned_until: until / 1000,
      remaining_seconds: seconds(until - this.now()),
    }))
  }

  bannedKeys(keyId?: number): BannedKey[] {
    return this.keys
      .waits()
      .map(({ key, until }) => {
        const ban = splitPair(key)
        const label = this.labels.get(ban.key_id)
        return {
          ...ban,
          key_name: label?.name ?? null,
          key_prefix: label?.prefix ?? null,
          banned_until: until / 1000,
          remaining_seconds: seconds(until - this.now()),
        }
      })
      .filter((ban) => keyId === undefined || ban.key_id === keyId)
  }

  unbanIp(ip: string): boolean {
    return this.ips.forget(addressKey(ip))
  }

  unbanAllIps(): number {
    return this.ips.forgetWaiting(() => true)
  }

  unbanKey(ip: string, keyId: number): boolean {
    return this.keys.forget(pair(ip, keyId))
  }

  /** Every ban of one key, or of every key. */
  unbanKeys(keyId?: number): number {
    return this.keys.forgetWaiting((name) => keyId === undefined || splitPair(name).key_id === keyId)
  }
}
