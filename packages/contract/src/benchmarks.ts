import * as z from 'zod/mini'
import { ModelUid } from './inference.js'

/*
 * Benchmarks (docs/benchmarks.md): a running model measured under load by the server itself — real requests to its
 * own OpenAI-compatible routes, at each concurrency level in turn — and kept as a report.
 */

/** What each request of a run asks: a short chat, a long prompt, or a batch of texts to embed. */
export const BENCHMARK_PRESETS = ['short_chat', 'long_context', 'embeddings_batch'] as const
export const BenchmarkPreset = z.enum(BENCHMARK_PRESETS)
export type BenchmarkPreset = z.infer<typeof BenchmarkPreset>

/** The bounds of a run: load on a shared server, so every figure has one. */
export const BENCHMARK_LIMITS = {
  levels: 8,
  concurrency: 64,
  requestsPerLevel: 1000,
  requestsInAll: 5000,
  maxTokens: 2048,
} as const

export const BenchmarkRequest = z
  .object({
    model_uid: ModelUid,
    preset: BenchmarkPreset,
    /** The users at once, level by level (1, 2, 4, 8). */
    concurrency: z
      .array(
        z
          .int()
          .check(
            z.minimum(1, 'at least 1 user at once'),
            z.maximum(BENCHMARK_LIMITS.concurrency, `at most ${BENCHMARK_LIMITS.concurrency} users at once`),
          ),
      )
      .check(
        z.minLength(1, 'at least one level of concurrency'),
        z.maxLength(BENCHMARK_LIMITS.levels, `at most ${BENCHMARK_LIMITS.levels} levels of concurrency`),
      ),
    /** Requests sent at each level. */
    requests_per_level: z
      .int()
      .check(
        z.minimum(1, 'at least 1 request a level'),
        z.maximum(
          BENCHMARK_LIMITS.requestsPerLevel,
          `at most ${BENCHMARK_LIMITS.requestsPerLevel} requests a level`,
        ),
      ),
    /** The most tokens each chat answer may have (chat presets). */
    max_tokens: z.optional(
      z
        .int()
        .check(
          z.minimum(1, 'at least 1 token'),
          z.maximum(BENCHMARK_LIMITS.maxTokens, `at most ${BENCHMARK_LIMITS.maxTokens} tokens an answer`),
        ),
    ),
  })
  .check(
    z.refine(
      (request) => request.concurrency.length * request.requests_per_level <= BENCHMARK_LIMITS.requestsInAll,
      `at most ${BENCHMARK_LIMITS.requestsInAll} requests in all (levels × requests a level)`,
    ),
  )
export type BenchmarkRequest = z.infer<typeof BenchmarkRequest>

/** Percentiles of a latency, in milliseconds; null where no request gave one. */
export const Percentiles = z.object({
  p50: z.nullable(z.number()),
  p95: z.nullable(z.number()),
  p99: z.nullable(z.number()),
})
export type Percentiles = z.infer<typeof Percentiles>

/** One concurrency level's figures. */
export const BenchmarkLevel = z.object({
  concurrency: z.number(),
  requests: z.number(),
  errors: z.number(),
  /** The first error's words, where there was one. */
  first_error: z.nullable(z.string()),
  seconds: z.number(),
  requests_per_second: z.number(),
  /** Time to the first content token (chat), or to the whole answer (embeddings). */
  ttft_ms: Percentiles,
  /** Between two tokens of an answer (chat). */
  itl_ms: Percentiles,
  /** Whole requests. */
  latency_ms: Percentiles,
  /** Tokens the answers had (chat) or the inputs had (embeddings), as the server counted them. */
  tokens: z.number(),
  tokens_per_second: z.number(),
  /** Each user's speed once its first token came, averaged over the requests (chat). */
  tokens_per_second_per_user: z.nullable(z.number()),
})
export type BenchmarkLevel = z.infer<typeof BenchmarkLevel>

export const BENCHMARK_STATES = ['running', 'completed', 'stopped', 'failed'] as const
export const BenchmarkState = z.enum(BENCHMARK_STATES)
export type BenchmarkState = z.infer<typeof BenchmarkState>

export const BenchmarkReport = z.object({
  id: z.number(),
  state: BenchmarkState,
  /** Why it stopped or failed (the model terminated mid-run, the server restarted); null otherwise. */
  reason: z.nullable(z.string()),
  settings: BenchmarkRequest,
  /** The model as it ran: its launch settings as the running list tells them. */
  model: z.looseObject({ model_name: z.string(), model_type: z.string() }),
  /**
   * The machine it ran on; through the gateway, the cluster's workers together (`cpu_model` empty), with how many
   * there were and which cluster (zeros and no workers where the cluster would not say).
   */
  machine: z.looseObject({
    cpus: z.number(),
    cpu_model: z.string(),
    memory_bytes: z.number(),
    gpu_count: z.number(),
    vram_bytes: z.number(),
    workers: z.optional(z.number()),
    cluster: z.optional(z.string()),
  }),
  /** Requests sent so far, and in all. */
  done: z.number(),
  total: z.number(),
  levels: z.array(BenchmarkLevel),
  started_by: z.nullable(z.string()),
  created_at: z.number(),
  finished_at: z.nullable(z.number()),
})
export type BenchmarkReport = z.infer<typeof BenchmarkReport>

export const BenchmarkList = z.object({ reports: z.array(BenchmarkReport) })
export const BenchmarkIdParams = z.object({
  benchmark_id: z.coerce.number().check(z.int(), z.positive()),
})
