import * as z from 'zod/mini'
import { MAX_CONTEXT, MAX_PARALLEL, MIN_CONTEXT } from './models.js'
import { ModelSize } from './registrations.js'

/**
 * Will a model fit this machine: the platform's own (`GET /api/v1/fit/...`). Every figure is an estimate of what a
 * launch needs — the weights (the file, read from memory) plus the KV cache at the context the platform gives each
 * sequence and `n_parallel` sequences — against the memory free now. docs/platform.md says how it is worked out.
 */
/**
 * `slow`: the memory suffices, but the estimated speed of writing an answer is below reading pace
 * (`SLOW_TOKENS_PER_SECOND`); the memory grades (`fits`, `tight`, `no`) say nothing of speed.
 */
export const FitGrade = z.enum(['fits', 'tight', 'slow', 'no', 'unknown'])
export type FitGrade = z.infer<typeof FitGrade>

/** Below this estimated speed an answer comes slower than one reads it: graded `slow`, not `fits`. */
export const SLOW_TOKENS_PER_SECOND = 4

/** Where a file size comes from: the cached file itself, the hub's file list, or parameters × bits per weight. */
export const SizeSource = z.enum(['cache', 'hub', 'parameters'])
export type SizeSource = z.infer<typeof SizeSource>

/** Where the KV cache's size came from: the GGUF header of the file here, or the catalogue's attention shape. */
export const MemoryBasis = z.enum(['header', 'catalogue'])
export type MemoryBasis = z.infer<typeof MemoryBasis>

export const QuantizationFit = z.object({
  quantization: z.string(),
  cached: z.boolean(),
  /** Bytes; null when neither the cache, the hub nor the parameter count tells. */
  file_bytes: z.nullable(z.number()),
  file_bytes_source: z.nullable(SizeSource),
  /** Bytes a launch needs, weights and KV cache together; null when unknown. */
  memory_bytes: z.nullable(z.number()),
  memory_basis: z.nullable(MemoryBasis),
  /**
   * An estimate of the tokens a second one answer is written at: decoding reads every weight once a token, so
   * the memory bandwidth over the file's size (`FitTarget.bandwidth_bytes_per_second`); null for kinds that
   * write no tokens (embedding, rerank) or when the size is unknown.
   */
  tokens_per_second: z.nullable(z.number()),
  fit: FitGrade,
})
export type QuantizationFit = z.infer<typeof QuantizationFit>

export const SpecFit = z.object({
  model_format: z.string(),
  model_size_in_billions: z.nullable(ModelSize),
  /** Whether this platform can run the spec at all (llama.cpp runs GGUF); others are a cluster's. */
  runnable: z.boolean(),
  /** Whether the hub asked about publishes this spec (a download from another hub cannot find it). */
  on_hub: z.boolean(),
  quantizations: z.array(QuantizationFit),
})
export type SpecFit = z.infer<typeof SpecFit>

/** The memory a launch is weighed against: RAM, or the GPUs' memory when the launch uses them. */
export const FitTarget = z.object({
  device: z.enum(['cpu', 'gpu']),
  free_bytes: z.number(),
  total_bytes: z.number(),
  /** The memory bandwidth the speed estimates assume (bytes a second): from the CPU's cores, or a GPU's. */
  bandwidth_bytes_per_second: z.number(),
  /** CPU cores counted for it (the GPU's estimate counts none). */
  cores: z.number(),
})
export type FitTarget = z.infer<typeof FitTarget>

/** The hub a download would come from, and whether it answered when last asked (null: not asked). */
export const HubReach = z.object({
  hub: z.string(),
  endpoint: z.string(),
  reachable: z.nullable(z.boolean()),
  /** Why it could not be reached (`getaddrinfo ENOTFOUND huggingface.co`, `answered 503`). */
  detail: z.nullable(z.string()),
})
export type HubReach = z.infer<typeof HubReach>

/** `GET /api/v1/fit/{model_type}/{model_name}`: every spec and quantization of one model. */
export const ModelFit = z.object({
  model_name: z.string(),
  target: FitTarget,
  /** Tokens of KV cache each sequence gets, and how many sequences the estimate counts. */
  context_length: z.number(),
  n_parallel: z.number(),
  hub: HubReach,
  specs: z.array(SpecFit),
})
export type ModelFit = z.infer<typeof ModelFit>

export const ModelFitQuery = z.object({
  n_parallel: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PARALLEL))),
  /** Tokens of context each place holds, as the launch would ask (`n_ctx`); absent: the platform's default. */
  n_ctx: z.optional(z.coerce.number().check(z.int(), z.minimum(MIN_CONTEXT), z.maximum(MAX_CONTEXT))),
  download_hub: z.optional(z.enum(['huggingface', 'modelscope', 'csghub'])),
  /** "none" (the CLI's `--n-gpu none`) weighs the launch against RAM even where GPUs exist. */
  n_gpu: z.optional(z.string().check(z.maxLength(8))),
})
export type ModelFitQuery = z.infer<typeof ModelFitQuery>

/**
 * How a model's files would be had: `here` (cached, a custom model's own, or written by the platform),
 * `download` (from a hub that answers, or that has not been asked), `unreachable` (no hub publishing it answers)
 * or `none` (no hub publishes it).
 */
export const FileSource = z.enum(['here', 'download', 'unreachable', 'none'])
export type FileSource = z.infer<typeof FileSource>

/** One model's best choice here, for its card: the cached quantization that fits best, else the best that fits. */
export const FitSummary = z.object({
  model_name: z.string(),
  model_size_in_billions: z.nullable(ModelSize),
  quantization: z.nullable(z.string()),
  cached: z.boolean(),
  file_bytes: z.nullable(z.number()),
  memory_bytes: z.nullable(z.number()),
  tokens_per_second: z.nullable(z.number()),
  fit: FitGrade,
  files: FileSource,
  /** Fits (well, tightly or slowly), and is here or can be downloaded from a hub that answers: "Runs here". */
  runs_here: z.boolean(),
})
export type FitSummary = z.infer<typeof FitSummary>

/**
 * `GET /api/v1/fit/{model_type}`: each model of a kind, without asking a hub for file lists; whether the hubs
 * answer at all is asked (briefly, and kept a while) when a model would need a download.
 */
export const FitSummaries = z.object({
  target: FitTarget,
  hubs: z.array(HubReach),
  models: z.array(FitSummary),
})
export type FitSummaries = z.infer<typeof FitSummaries>
