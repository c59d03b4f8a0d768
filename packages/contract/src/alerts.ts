import * as z from 'zod/mini'

/*
 * Alerts (docs/alerts.md): rules the server evaluates itself, the channels it tells (a signed webhook, a Slack-style
 * incoming webhook, e-mail over SMTP), and the alerts they raised. The platform's own; the gateway says so.
 */

/**
 * What a rule watches. Per model: `replicas_down` (replicas not ready of a model that is serving, fires at or above
 * the threshold), `first_token_ms` (mean time to first token over the last minute, ms), `error_rate` (share of the
 * last minute's requests that failed, %), `latency_p95_ms` (95th percentile of the last minute's request
 * durations, ms), `refusals` (requests refused with a 429 in the last minute: its limits, a full line, a quota; fires
 * at or above the threshold), `launch_failed` (1 while a launch that failed is listed); for the server:
 * `host_memory` (memory in use, %), `gpu_memory` (GPU memory in use over every GPU, %), `cache_disk_free` (free
 * space on the cache's disk, %: fires at or below the threshold), `quota_soft_limit` (each user's, key's or model's
 * token budget used, % of its soft limit: fires at or above the threshold; the alert names its `subject`),
 * `cluster_down` (1 while a cluster this platform holds does not answer with its kept credential; the alert names
 * its `subject`, `cluster:gpu`). A cluster's models are watched as `cluster/uid` by every model kind: its health and launches as the cluster
 * tells them, its requests as they pass through this platform.
 */
export const ALERT_KINDS = [
  'replicas_down',
  'first_token_ms',
  'error_rate',
  'latency_p95_ms',
  'refusals',
  'launch_failed',
  'host_memory',
  'gpu_memory',
  'cache_disk_free',
  'quota_soft_limit',
  'cluster_down',
] as const
export const AlertKind = z.enum(ALERT_KINDS)
export type AlertKind = z.infer<typeof AlertKind>

/** The kinds that watch each model (the others watch the server itself). */
export const MODEL_ALERT_KINDS: readonly AlertKind[] = [
  'replicas_down',
  'first_token_ms',
  'error_rate',
  'latency_p95_ms',
  'refusals',
  'launch_failed',
]

/** The kinds on a model's requests: timed where the requests pass (a gateway passes them on untimed). */
export const REQUEST_ALERT_KINDS: readonly AlertKind[] = [
  'first_token_ms',
  'error_rate',
  'latency_p95_ms',
  'refusals',
]

/**
 * The names of the rules a new server starts with (docs/alerts.md), as its database writes them: the console says
 * a shipped rule's name in the reader's language until it is renamed.
 */
export const SHIPPED_ALERT_RULE_NAMES = [
  'A replica is down',
  'First token over 10 s',
  'Errors over 5 %',
  'A launch failed',
  'Host memory over 90 %',
  'Cache disk under 10 % free',
  'Request p95 over 60 s',
  'Requests refused',
  'GPU memory over 90 %',
  'Soft limit reached',
  'A cluster is not answering',
] as const
export type ShippedAlertRuleName = (typeof SHIPPED_ALERT_RULE_NAMES)[number]

export const SEVERITIES = ['info', 'warning', 'critical'] as const
export const Severity = z.enum(SEVERITIES)
export type Severity = z.infer<typeof Severity>

/** The longest a condition may be asked to last before it fires: a day. */
export const ALERT_MAX_FOR_SECONDS = 86_400
/** The most rules and channels a server keeps (each is evaluated or told every interval). */
export const ALERT_MAX_RULES = 200
export const ALERT_MAX_CHANNELS = 50

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))

export const AlertRuleInput = z.object({
  name,
  kind: AlertKind,
  /** A running model's uid, or null for every model (and for the server's own kinds). */
  model: z.nullable(z.string().check(z.minLength(1), z.maxLength(1024))),
  threshold: z.number().check(z.minimum(0), z.maximum(1_000_000_000)),
  /** How long the condition must hold before the rule fires (0: at the first evaluation that sees it). */
  for_seconds: z.number().check(z.int(), z.minimum(0), z.maximum(ALERT_MAX_FOR_SECONDS)),
  severity: Severity,
  enabled: z.boolean(),
})
export type AlertRuleInput = z.infer<typeof AlertRuleInput>

export const AlertRule = z.extend(AlertRuleInput, {
  id: z.number(),
  /** Whether this server has the figure the rule needs (false: shown as unavailable, never silently dead). */
  available: z.boolean(),
  /** Why not, where it is not (`null` where it is). */
  unavailable_reason: z.nullable(z.string()),
})
export type AlertRule = z.infer<typeof AlertRule>

export const AlertRuleList = z.object({ rules: z.array(AlertRule) })
export const RuleIdParams = z.object({ rule_id: z.coerce.number().check(z.int(), z.positive()) })

export const CHANNEL_KINDS = ['webhook', 'slack', 'email'] as const
export const ChannelKind = z.enum(CHANNEL_KINDS)
export type ChannelKind = z.infer<typeof ChannelKind>

/** The most addresses an e-mail channel writes to. */
export const ALERT_MAX_RECIPIENTS = 20
const address = z.string().check(z.maxLength(256), z.regex(/^[^\s@<>,;]+@[^\s@<>,;]+$/))

/** An e-mail channel's sender, recipients and SMTP user (its password is the channel's `secret`). */
export const EmailSettings = z.object({
  from: address,
  to: z.array(address).check(z.minLength(1), z.maxLength(ALERT_MAX_RECIPIENTS)),
  /** Empty: the SMTP server takes mail without signing in. */
  username: z.string().check(z.maxLength(256)),
})
export type EmailSettings = z.infer<typeof EmailSettings>

export const ChannelInput = z.object({
  name,
  kind: ChannelKind,
  /**
   * http or https for a webhook; for e-mail the SMTP server: `smtp://host:587` (STARTTLS, required whenever a
   * password is sent) or `smtps://host:465` (TLS from the start).
   */
  url: z.string().check(z.maxLength(2048)),
  /**
   * The webhook's signing secret, or the SMTP password: kept as given, never answered again. Absent on a change:
   * the one kept stays; an empty string removes it.
   */
  secret: z.optional(z.string().check(z.maxLength(256))),
  /** E-mail channels only. */
  email: z.optional(EmailSettings),
  /** Let the channel reach loopback and link-local addresses (off: a webhook is no way into internal services). */
  allow_internal: z.boolean(),
  enabled: z.boolean(),
})
export type ChannelInput = z.infer<typeof ChannelInput>

export const Channel = z.object({
  id: z.number(),
  name: z.string(),
  kind: ChannelKind,
  url: z.string(),
  has_secret: z.boolean(),
  email: z.nullable(EmailSettings),
  allow_internal: z.boolean(),
  enabled: z.boolean(),
  /** The last delivery's outcome: null before any. */
  last_delivery: z.nullable(
    z.object({
      at: z.number(),
      ok: z.boolean(),
      /** Why it failed (and whether it will be tried again). */
      error: z.nullable(z.string()),
    }),
  ),
  /** Messages waiting to be tried again after a failure. */
  pending: z.number(),
})
export type Channel = z.infer<typeof Channel>
export const ChannelList = z.object({ channels: z.array(Channel) })
export const ChannelIdParams = z.object({ channel_id: z.coerce.number().check(z.int(), z.positive()) })

export const ChannelTest = z.object({ ok: z.boolean(), error: z.nullable(z.string()) })

export const ALERT_STATES = ['firing', 'resolved'] as const

export const Alert = z.object({
  id: z.number(),
  rule_id: z.number(),
  rule_name: z.string(),
  kind: AlertKind,
  severity: Severity,
  /** The model it is about; null for the server's own. */
  model: z.nullable(z.string()),
  /** The model's type (`LLM`, `embedding`, …): where its row is listed. */
  model_type: z.nullable(z.string()),
  /**
   * What a quota alert is about, as `{type}:{label}` of the limits (`user:alice`, `key:"ci" (xf-3f…)`,
   * `model:my-llm`); null for the others.
   */
  subject: z.nullable(z.string()),
  state: z.enum(ALERT_STATES),
  /** The figure when it fired (and, resolved, when it was last seen breaching). */
  value: z.number(),
  threshold: z.number(),
  /** One line, in English, as the messages say it. */
  summary: z.string(),
  /** Unix seconds. */
  fired_at: z.number(),
  resolved_at: z.nullable(z.number()),
  acknowledged_by: z.nullable(z.string()),
  silenced_until: z.nullable(z.number()),
})
export type Alert = z.infer<typeof Alert>

export const AlertQuery = z.object({
  state: z.optional(z.enum(['firing', 'all'])),
})
export const AlertList = z.object({
  alerts: z.array(Alert),
  /** Firing and neither acknowledged nor silenced: the header's count. */
  unacknowledged: z.number(),
})
export const AlertIdParams = z.object({ alert_id: z.coerce.number().check(z.int(), z.positive()) })
/** A silence: no message about the alert until it ends (at most 30 days). */
export const SilenceInput = z.object({
  seconds: z.number().check(z.int(), z.minimum(60), z.maximum(30 * 86_400)),
})
