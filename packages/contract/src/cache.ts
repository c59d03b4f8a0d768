import { z } from 'zod'
import { ModelSize } from './registrations.js'

/** One cached model version on one worker. */
export const CacheEntry = z.looseObject({
  model_name: z.string(),
  model_version: z.string(),
  model_format: z.string().nullish(),
  model_size_in_billions: ModelSize.nullish(),
  quantization: z.string().nullish(),
  real_path: z.string(),
  path: z.string(),
  actor_ip_address: z.string(),
})
export type CacheEntry = z.infer<typeof CacheEntry>

export const CacheList = z.looseObject({ list: z.array(CacheEntry) })
export type CacheList = z.infer<typeof CacheList>

export const CacheListQuery = z.object({
  model_name: z.string().optional(),
  worker_ip: z.string().optional(),
})
export const CacheDeleteQuery = z.object({
  model_version: z.string().min(1),
  worker_ip: z.string().optional(),
})

export const CacheDeleteResponse = z.looseObject({ result: z.boolean() })
