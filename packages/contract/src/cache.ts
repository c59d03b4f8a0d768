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
