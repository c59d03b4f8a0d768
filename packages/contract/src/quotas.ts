import * as z from 'zod/mini'

/*
 * Limits on what a user, an API key or a model (for everyone) may use, and the usage they are counted from
 * (docs/quotas.md). The platform's own: Xinference has none, so the gateway answers these routes by saying so.
 */

/** The periods a token budget runs over; each starts at 00:00 UTC (a week on Monday, a month on its 1st). */
export const BUDGET_PERIODS = ['day', 'week', 'month'] as const
export const BudgetPeriod = z.enum(BUDGET_PERIODS)
export type BudgetPeriod = z.infer<typeof BudgetPeriod>

/** The bounds of each limit (a limit beyond them is refused, not clamped). */
export const LIMIT_BOUNDS = {
  requests_per_minute: 1_000_000,
  tokens_per_minute: 1_000_000_000,
  requests_at_once: 10_000,
  token_budget: 1_000_000_000_000,
  soft_budget: 1_000_000_000_000,
} as const
export type LimitName = keyof typeof LIMIT_BOUNDS

const limit = (name: LimitName) =>
  z.nullable(z.number().check(z.int(), z.positive(), z.maximum(LIMIT_BOUNDS[name])))

/**
 * One subject's limits; null: none of that kind. A soft budget warns (a response header, the account page) once
 * the period's tokens reach it; it may be set without a hard one, never above it.
 */
export const Limits = z
  .object({
    requests_per_minute: limit('requests_per_minute'),
    tokens_per_minute: limit('tokens_per_minute'),
    requests_at_once: limit('requests_at_once'),
    token_budget: limit('token_budget'),
    soft_budget: limit('soft_budget'),
    budget_period: BudgetPeriod,
  })
  .check(
    z.refine(
      (limits) =>
        limits.soft_budget === null ||
        limits.token_budget === null ||
        limits.soft_budget < limits.token_budget,
      {
        message: 'soft_budget must be below token_budget',
        path: ['soft_budget'],
      },
    ),
  )
export type Limits = z.infer<typeof Limits>

/** No limit of any kind: what a subject has until one is set. */
export const NO_LIMITS: Limits = {
  requests_per_minute: null,
  tokens_per_minute: null,
  requests_at_once: null,
  token_budget: null,
  soft_budget: null,
  budget_period: 'day',
}

/** What a subject has used against its limits, now. */
export const LimitUsage = z.object({
  /** Requests in the last 60 seconds. */
  requests_last_minute: z.number(),
  /** Tokens (prompt and generated) in the last 60 seconds. */
  tokens_last_minute: z.number(),
  /** Requests being answered now. */
  requests_at_once: z.number(),
  /** Tokens used in the budget's current period. */
  budget_used: z.number(),
  /** When the budget's period began and when it ends (Unix seconds). */
  period_start: z.number(),
  period_end: z.number(),
  /** The period's tokens have reached the soft budget. */
  soft_reached: z.boolean(),
})
export type LimitUsage = z.infer<typeof LimitUsage>

/** Whose limits: a user (by name), an API key (by id), or a model (by uid, for everyone who calls it). */
export const SubjectType = z.enum(['user', 'key', 'model'])
export type SubjectType = z.infer<typeof SubjectType>

/** A subject's limits and its usage against them. */
export const SubjectLimits = z.object({
  subject_type: SubjectType,
  /** The user's or key's id, or the model's uid. */
  subject: z.string(),
  /** How a person names it: the username, the key's name and prefix, the model's uid. */
  label: z.string(),
  limits: Limits,
  usage: LimitUsage,
})
export type SubjectLimits = z.infer<typeof SubjectLimits>

/** `GET /api/v1/quota`: the limits that apply to the caller (their user's, the key's), and every model's. */
export const QuotaAnswer = z.object({
  user: z.nullable(SubjectLimits),
  key: z.nullable(SubjectLimits),
  models: z.array(SubjectLimits),
})
export type QuotaAnswer = z.infer<typeof QuotaAnswer>

/** Every subject with a limit set, for the administration. */
export const LimitsList = z.object({ limits: z.array(SubjectLimits) })
export type LimitsList = z.infer<typeof LimitsList>

/** The longest span a usage question may cover (days). */
export const USAGE_MAX_DAYS = 400
/** The most rows a usage answer holds (`truncated` says when more matched). */
export const USAGE_MAX_ROWS = 5000

const seconds = z.coerce.number().check(z.int(), z.nonnegative(), z.maximum(2 ** 40))

/** `GET /api/v1/usage`'s question: a period (Unix seconds), its step, and who and what. */
export const UsageQuery = z.object({
  since: seconds,
  until: z.optional(seconds),
  step: z._default(z.enum(['hour', 'day']), 'day'),
  user: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  key_id: z.optional(z.coerce.number().check(z.int(), z.positive())),
  model: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
})
export type UsageQuery = z.infer<typeof UsageQuery>

/** One step (hour or day) of one user's use of one model through one key (0: signed in, or nobody). */
export const UsageRow = z.object({
  /** The step's start (Unix seconds, UTC). */
  at: z.number(),
  user: z.string(),
  key_id: z.number(),
  /** The key's name; null when none was used or the key is gone. */
  key_name: z.nullable(z.string()),
  model: z.string(),
  requests: z.number(),
  errors: z.number(),
  /** Requests refused for a limit (429) before a model took them. */
  refused: z.number(),
  prompt_tokens: z.number(),
  generated_tokens: z.number(),
  /** Time to first token and whole duration, 50th and 95th percentiles (ms, from histograms: docs/quotas.md). */
  first_token_ms_p50: z.nullable(z.number()),
  first_token_ms_p95: z.nullable(z.number()),
  duration_ms_p50: z.nullable(z.number()),
  duration_ms_p95: z.nullable(z.number()),
  /** Seconds the model spent answering these requests (the sum of their durations). */
  busy_seconds: z.number(),
})
export type UsageRow = z.infer<typeof UsageRow>

/** A model's worker time in a step: what it held of the machine, whether or not it was answering. */
export const WorkerRow = z.object({
  /** The step's start (Unix seconds, UTC). */
  at: z.number(),
  model: z.string(),
  /** Seconds its worker processes ran (replicas × time; sampled every 15 s: docs/quotas.md). */
  worker_seconds: z.number(),
  /** Seconds of GPUs held (GPUs per worker × worker seconds); 0 where the workers run on the CPU. */
  gpu_seconds: z.number(),
})
export type WorkerRow = z.infer<typeof WorkerRow>

export const UsageAnswer = z.object({
  rows: z.array(UsageRow),
  /** Each model's worker time by step, for whoever sees everyone's usage asking for no user or key; else empty. */
  workers: z.array(WorkerRow),
  /** More rows matched than an answer holds: narrow the question. */
  truncated: z.boolean(),
})
export type UsageAnswer = z.infer<typeof UsageAnswer>
