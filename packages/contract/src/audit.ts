import * as z from 'zod/mini'

/** One recorded request, as upstream v3's `GET /v1/audit/search` answers it (never a password, key or prompt). */
export const AuditEntry = z.looseObject({
  '@timestamp': z.string(),
  event_type: z.string(),
  /** `auth` (sign-in and tokens), `inference`, or `admin` (everything else). */
  category: z.string(),
  /** `jwt`, `api_key`, or `none`. */
  auth_type: z.string(),
  user: z.string(),
  api_key_name: z.string(),
  api_key_prefix: z.string(),
  model_id: z.string(),
  model_name: z.string(),
  model_type: z.string(),
  endpoint: z.string(),
  /** `success`, `error`, `denied`, `login_failed`, `unauthorized`, `ip_banned` or `key_banned`. */
  status: z.string(),
  latency_ms: z.number(),
  client_ip: z.string(),
  /** The platform's own: the request's method and HTTP status. */
  method: z.optional(z.string()),
  http_status: z.optional(z.number()),
  /**
   * The platform's own: `security` (sign-ins, bans, and what a signed-in user changed or was refused) or `request`
   * (inference, and what was refused to nobody in particular); each tier has its own retention.
   */
  tier: z.optional(z.string()),
  /** The platform's own: a refusal repeated within a minute is one entry, this many times, the last at this time. */
  count: z.optional(z.number()),
  last_timestamp: z.optional(z.string()),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AUDIT_CATEGORIES = ['auth', 'inference', 'admin'] as const
export const AUDIT_STATUSES = [
  'success',
  'error',
  'denied',
  'login_failed',
  'unauthorized',
  'ip_banned',
  'key_banned',
  // The platform's own: refused for a limit of the user, key or model (docs/quotas.md).
  'limited',
] as const

const Text = z.optional(z.string().check(z.maxLength(256)))
/** A time as v3 takes it: `now`, `now-15m` (s, m, h, d), or an ISO date-time. */
const TimeBound = z.optional(z.string().check(z.maxLength(40)))

/** `GET /v1/audit/search` (admin): v3's filters; text filters match a part, case aside; lists are comma-separated. */
export const AuditQuery = z.object({
  time_from: TimeBound,
  time_to: TimeBound,
  user: Text,
  api_key_name: Text,
  model_id: Text,
  model_name: Text,
  model_type: Text,
  category: Text,
  auth_type: Text,
  status: Text,
  client_ip: Text,
  /** The platform's own: `security` or `request` (see AuditEntry). */
  tier: Text,
  page_from: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
  size: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(500))),
})
export type AuditQuery = z.infer<typeof AuditQuery>

/** The most entries one CSV export holds. */
export const MAX_AUDIT_EXPORT = 50_000
/** `GET /api/v1/audit/export` (the platform's own): the same filters; `size` up to MAX_AUDIT_EXPORT, its default. */
export const AuditExportQuery = z.extend(AuditQuery, {
  size: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_AUDIT_EXPORT))),
})
export type AuditExportQuery = z.infer<typeof AuditExportQuery>

export const AuditSearchResponse = z.looseObject({ hits: z.array(AuditEntry), total: z.number() })
export type AuditSearchResponse = z.infer<typeof AuditSearchResponse>

/** `GET /v1/audit/filter-options`: the values seen, for the filters' suggestions. */
export const AuditFilterOptions = z.looseObject({
  user: z.array(z.string()),
  api_key_name: z.array(z.string()),
  model_id: z.array(z.string()),
  model_name: z.array(z.string()),
  client_ip: z.array(z.string()),
})
export type AuditFilterOptions = z.infer<typeof AuditFilterOptions>
