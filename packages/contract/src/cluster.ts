import * as z from 'zod/mini'

/** One node of `GET /v1/cluster/info?detailed=true`. Sizes are bytes; `cpu_available` is in cores. */
export const ClusterNode = z.looseObject({
  node_type: z.string(),
  ip_address: z.string(),
  cpu_count: z.number(),
  cpu_available: z.number(),
  mem_total: z.number(),
  mem_available: z.number(),
  gpu_count: z.number(),
  gpu_vram_total: z.number(),
  gpu_vram_available: z.number(),
})
export type ClusterNode = z.infer<typeof ClusterNode>

export const ClusterInfo = z.array(ClusterNode)
export type ClusterInfo = z.infer<typeof ClusterInfo>

export const ClusterInfoQuery = z.object({
  detailed: z.optional(z.enum(['true', 'false'])),
})

/** `GET /v1/cluster/version`; upstream v1/v2 add dirty, error and date. */
export const ClusterVersion = z.looseObject({
  version: z.string(),
  'full-revisionid': z.nullable(z.string()),
})
export type ClusterVersion = z.infer<typeof ClusterVersion>

/** `GET /api/v1/cluster/auth`: whether sign-in is needed. */
export const ClusterAuth = z.object({ auth: z.boolean() })
export type ClusterAuth = z.infer<typeof ClusterAuth>

/** `GET /api/v1/cluster/devices`: a bare JSON integer, the GPU count. */
export const DeviceCount = z.int().check(z.nonnegative())
export type DeviceCount = z.infer<typeof DeviceCount>

/** One point of the machine's recent use, in percent of its capacity (`at`: Unix seconds). */
export const ResourcePoint = z.object({
  at: z.number(),
  cpu: z.number(),
  mem: z.number(),
  /** Null without GPUs. */
  gpu_mem: z.nullable(z.number()),
})
export type ResourcePoint = z.infer<typeof ResourcePoint>

/**
 * `GET /api/v1/cluster/history?minutes=`: the platform's own — the machine's use every 5 s over the last
 * `minutes` (at most the hour it keeps), so the cluster charts are full when the page opens.
 */
export const ClusterHistory = z.object({ interval_seconds: z.number(), samples: z.array(ResourcePoint) })
export type ClusterHistory = z.infer<typeof ClusterHistory>

export const ClusterHistoryQuery = z.object({
  minutes: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(60)), 5),
})
