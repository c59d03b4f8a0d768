import * as z from 'zod/mini'
import { ModelSize } from './registrations.js'

/*
 * Downloads as lasting tasks (docs/downloads.md): a model's files fetched into the cache without launching it,
 * kept in the server's database so that they survive a restart, paused, resumed and cancelled. The paths and the
 * request are Xinference's "Download only" ones (its `POST /v1/cache/models`, `…/{cache_uid}/progress`,
 * `…/cancel`).
 */

/** `POST /api/v1/cache/models`: which files, as a launch names them. */
export const DownloadRequest = z.object({
  model_name: z.string().check(z.minLength(1), z.maxLength(200)),
  model_type: z.string().check(z.maxLength(32)),
  model_format: z.nullish(z.string().check(z.maxLength(32))),
  model_size_in_billions: z.nullish(ModelSize),
  quantization: z.nullish(z.string().check(z.maxLength(64))),
  download_hub: z.nullish(z.enum(['huggingface', 'modelscope', 'csghub'])),
})
export type DownloadRequest = z.infer<typeof DownloadRequest>

export const DOWNLOAD_STATES = [
  'queued',
  'downloading',
  'paused',
  'failed',
  'completed',
  'cancelled',
] as const
export const DownloadState = z.enum(DOWNLOAD_STATES)
export type DownloadState = z.infer<typeof DownloadState>

export const DownloadFile = z.object({
  name: z.string(),
  /** Bytes in all; null until the hub has said. */
  size: z.nullable(z.number()),
  /** Bytes on disk. */
  done: z.number(),
  /** Bytes a second over the last seconds, while it downloads. */
  speed: z.number(),
  /** Seconds left at that speed; null when not known. */
  eta_seconds: z.nullable(z.number()),
})
export type DownloadFile = z.infer<typeof DownloadFile>

export const DownloadTask = z.object({
  /** The cached model version the files go to (`qwen2.5-instruct--0_5B--ggufv2--q4_k_m`). */
  cache_uid: z.string(),
  model_name: z.string(),
  model_type: z.string(),
  model_format: z.string(),
  model_size_in_billions: z.nullable(ModelSize),
  quantization: z.string(),
  hub: z.string(),
  state: DownloadState,
  /** Why it failed or was paused by the server, and what to do next; null otherwise. */
  reason: z.nullable(z.string()),
  files: z.array(DownloadFile),
  /** When the server tries again by itself (seconds since the epoch): its hub did not answer; null otherwise. */
  retry_at: z.nullable(z.number()),
  created_at: z.number(),
  updated_at: z.number(),
})
export type DownloadTask = z.infer<typeof DownloadTask>

export const DownloadList = z.object({ downloads: z.array(DownloadTask) })
export const CacheUidParams = z.object({ cache_uid: z.string().check(z.minLength(1), z.maxLength(300)) })

/** Downloads at once by default (`--max-downloads`); the rest wait in the queue. */
export const DEFAULT_MAX_DOWNLOADS = 2
