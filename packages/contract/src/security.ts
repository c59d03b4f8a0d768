import * as z from 'zod/mini'

/** One tier of upstream v3's failure limits: this many failures within the window bans for `ban_seconds`. */
export const FailureLimit = z.object({
  max_failures: z.number().check(z.int(), z.gte(1), z.lte(10_000)),
  window_seconds: z.number().check(z.int(), z.gte(1), z.lte(86_400)),
  ban_seconds: z.number().check(z.int(), z.gte(1), z.lte(30 * 86_400)),
})
export type FailureLimit = z.infer<typeof FailureLimit>

/** `GET`/`PUT /v1/admin/security/rate-limit` (admin): failures per address, and per address and API key. */
export const RateLimitConfig = z.object({ ip: FailureLimit, key: FailureLimit })
export type RateLimitConfig = z.infer<typeof RateLimitConfig>

/** `GET /v1/admin/security/banned-ips`: `banned_until` in seconds since the epoch, as v3 says it. */
export const BannedIp = z.looseObject({
  ip: z.string(),
  banned_until: z.number(),
  remaining_seconds: z.number(),
})
export type BannedIp = z.infer<typeof BannedIp>
export const BannedIpList = z.array(BannedIp)
/** `GET /v1/admin/security/banned-keys`: an API key banned from one address. */
export const BannedKey = z.looseObject({
  ip: z.string(),
  key_id: z.number(),
  banned_until: z.number(),
  remaining_seconds: z.number(),
  // The platform's own, so a banned key is named; upstream v3 sends the id alone.
  key_name: z.optional(z.nullable(z.string())),
  key_prefix: z.optional(z.nullable(z.string())),
})
export type BannedKey = z.infer<typeof BannedKey>
export const BannedKeyList = z.array(BannedKey)

const Address = z.string().check(z.minLength(1), z.maxLength(64))
/** `POST /v1/admin/security/unban-ip` (v3: 400 `ip required` without one). */
export const UnbanIpRequest = z.object({ ip: z.optional(Address) })
/** `POST /v1/admin/security/unban-key`. */
export const UnbanKeyRequest = z.object({
  ip: z.optional(Address),
  key_id: z.optional(z.number().check(z.int(), z.positive())),
})
/** The unban-all routes answer how many bans they lifted. */
export const UnbannedResponse = z.looseObject({ unbanned: z.number() })
