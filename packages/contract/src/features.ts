import * as z from 'zod/mini'

/**
 * `GET /api/v1/console/features`: what the server behind the console can do, so the console shows only what
 * works. The embedded platform can do everything; in gateway mode it depends on the upstream cluster.
 */
export const ServerFeatures = z.looseObject({
  mode: z.enum(['platform', 'gateway']),
  /** Gateway mode: the cluster behind it, as detected; null on the embedded platform. */
  upstream: z.nullable(z.looseObject({ address: z.string(), kind: z.string(), version: z.string() })),
  /** `GET /api/v1/models/{uid}/logs` answers. */
  model_logs: z.boolean(),
  /** Running models' rows carry their health (the platform's own; an Xinference v3 cluster's from its metrics). */
  model_health: z.boolean(),
  /** `POST /api/v1/models/{uid}/restart` starts a model's failed replicas again (the platform's own). */
  model_restart: z.boolean(),
  /** `GET /api/v1/cluster/history` answers: the machine's use kept by the server (the platform's own). */
  cluster_history: z.boolean(),
  /** `GET /api/v1/fit/...` answers: file sizes and memory estimates against this machine (the platform's own). */
  model_fit: z.boolean(),
  /**
   * Who manages users: `users` — the server's own user store, keys, security and audit at upstream v3's admin
   * paths (the platform with `--auth`, an Xinference v3 cluster); `auth_file` — an auth file (`--auth-config`,
   * Xinference 1.x/2.x); `off` — no authentication.
   */
  administration: z.enum(['users', 'auth_file', 'off']),
  /** Limits and usage per user, key and model (`/api/v1/limits`, `/api/v1/usage`, `/api/v1/quota`): the platform's own. */
  quotas: z.boolean(),
  /** Alert rules, channels and the inbox (`/api/v1/alerts…`): the platform's own. */
  alerts: z.boolean(),
  /**
   * Download only, as lasting tasks (`POST /api/v1/cache/models`, docs/downloads.md), and the cache's disk use
   * (`GET /api/v1/cache/disk`): the platform's own so far.
   */
  downloads: z.boolean(),
  /** `GET /api/v1/models/file_info` answers ('Fill from file' on Register Model). */
  file_info: z.boolean(),
})
export type ServerFeatures = z.infer<typeof ServerFeatures>
