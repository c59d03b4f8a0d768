import * as z from 'zod/mini'
import { ModelSize } from './registrations.js'

/** One cached model version on one worker. */
export const CacheEntry = z.looseObject({
  model_name: z.string(),
  model_version: z.string(),
  model_format: z.nullish(z.string()),
  model_size_in_billions: z.nullish(ModelSize),
  quantization: z.nullish(z.string()),
  real_path: z.string(),
  path: z.string(),
  actor_ip_address: z.string(),
})
export type CacheEntry = z.infer<typeof CacheEntry>

export const CacheList = z.looseObject({ list: z.array(CacheEntry) })
export type CacheList = z.infer<typeof CacheList>

export const CacheListQuery = z.object({
  model_name: z.optional(z.string()),
  worker_ip: z.optional(z.string()),
})
export const CacheDeleteQuery = z.object({
  model_version: z.string().check(z.minLength(1)),
  worker_ip: z.optional(z.string()),
})

export const CacheDeleteResponse = z.looseObject({ result: z.boolean() })

/** One file in a model version's cache folder; `partial` for a download's part file (`….part`). */
export const CacheFile = z.object({ name: z.string(), bytes: z.number(), partial: z.boolean() })

/** One model version's folder on the platform's cache disk: finished or half-done, and who uses it. */
export const CacheFolder = z.object({
  model_version: z.string(),
  model_name: z.string(),
  /** Bytes of all its files. */
  bytes: z.number(),
  /** Finished (a launch finds it); otherwise the files of a download that has not ended. */
  complete: z.boolean(),
  files: z.array(CacheFile),
  /** Running models that use these files: removing them is refused while there is one. */
  used_by: z.array(z.string()),
  /** A download (a launch's or a task's) writing into it now. */
  downloading: z.boolean(),
})
export type CacheFolder = z.infer<typeof CacheFolder>

/** `GET /api/v1/cache/disk`: the platform's cache folder by folder, and the space of the disk it is on. */
export const CacheDisk = z.object({
  free_bytes: z.number(),
  total_bytes: z.number(),
  /** Kept free: a download that would eat into it is refused (`--cache-reserve`). */
  reserve_bytes: z.number(),
  folders: z.array(CacheFolder),
})
export type CacheDisk = z.infer<typeof CacheDisk>
