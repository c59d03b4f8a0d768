import * as z from 'zod/mini'

/**
 * Routes the platform has beyond SPEC §7 (upstream Xinference has them too): launches in flight, a launch's
 * progress, cancel, replicas and logs.
 */

/** A model uid in a path. Longer than the name rule allows, so a model from an older server can still be removed. */
export const UidParams = z.object({ model_uid: z.string().check(z.minLength(1), z.maxLength(1024)) })

export const DownloadProgress = z.looseObject({
  name: z.string(),
  downloaded_bytes: z.number(),
  total_bytes: z.nullable(z.number()),
  speed_bytes_per_second: z.number(),
  elapsed_seconds: z.optional(z.number()),
})
export type DownloadProgress = z.infer<typeof DownloadProgress>

/**
 * `GET /api/v1/models/launches`: one launch in flight, failed or cancelled, newest first; and models unloaded
 * after their `idle_ttl` (`error` says after how long), so the console can say so.
 */
export const Launch = z.looseObject({
  model_uid: z.string(),
  model_name: z.string(),
  model_type: z.string(),
  replica: z.optional(z.number()),
  stage: z.enum(['pending', 'downloading', 'loading', 'failed', 'cancelled', 'unloaded']),
  progress: z.number(),
  error: z.nullable(z.string()),
  download: z.nullable(DownloadProgress),
  created: z.optional(z.number()),
  /** An unloaded model's minutes without a request before it was unloaded. */
  idle_minutes: z.optional(z.number()),
})
export type Launch = z.infer<typeof Launch>
export const LaunchList = z.array(Launch)
export type LaunchList = z.infer<typeof LaunchList>

/** `GET /api/v1/models/{uid}/progress`: 0–1, with the stage and the files being downloaded. */
export const LaunchProgress = z.looseObject({
  progress: z.number(),
  stage: z.string(),
  error: z.nullish(z.string()),
  download_files: z.array(
    z.extend(DownloadProgress, {
      progress: z.number(),
      eta_seconds: z.nullable(z.number()),
      status: z.string(),
    }),
  ),
})
export type LaunchProgress = z.infer<typeof LaunchProgress>

/** `GET /api/v1/models/{uid}/replicas`: each replica's worker and why it failed, if it did. */
export const Replica = z.looseObject({
  replica_id: z.number(),
  replica_model_uid: z.string(),
  worker_address: z.string(),
  status: z.string(),
  created_ts: z.number(),
  error_message: z.nullable(z.string()),
})
export const ReplicaList = z.array(Replica)
export type ReplicaList = z.infer<typeof ReplicaList>
export type Replica = z.infer<typeof Replica>

/** `GET /api/v1/models/{uid}/logs?tail=N`: the end of a model's log. */
export const LogsQuery = z.object({
  tail: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(2000)), 200),
})
export const ModelLogs = z.looseObject({ model_uid: z.string(), lines: z.array(z.string()) })
export type ModelLogs = z.infer<typeof ModelLogs>

/** `POST /api/v1/ui/{uid}` and `/api/v1/ui/images/{uid}`. */
export const CreateUiResponse = z.looseObject({ model_uid: z.string() })

/** Calls that answer `null` on success: terminate, cancel, register, unregister. */
export const NoContent = z.null()

/** One record of upstream v3's launch history (`GET /v1/launch_history`): a model's last launch by a user. */
export const LaunchHistoryEntry = z.looseObject({
  id: z.number(),
  model_name: z.string(),
  model_uid: z.string(),
  /** The launch payload, as it was sent. */
  data: z.record(z.string(), z.unknown()),
  created_by: z.optional(z.string()),
  created_at: z.optional(z.string()),
  updated_at: z.optional(z.string()),
})
export type LaunchHistoryEntry = z.infer<typeof LaunchHistoryEntry>
export const LaunchHistory = z.array(LaunchHistoryEntry)
export type LaunchHistory = z.infer<typeof LaunchHistory>

/** `POST /v1/launch_history`: records a launch (upstream's web UI sends it after launching). */
export const LaunchHistoryCreate = z.object({
  model_name: z.string().check(z.minLength(1), z.maxLength(200)),
  model_uid: z._default(z.string().check(z.maxLength(200)), ''),
  data: z._default(z.record(z.string(), z.unknown()), {}),
})
export const LaunchHistoryQuery = z.object({
  model_name: z.optional(z.string().check(z.maxLength(200))),
})
/** Recording or deleting a launch history entry answers this, as upstream v3 does. */
export const LaunchHistoryDone = z.looseObject({ status: z.literal('ok') })
export const LaunchHistoryParams = z.object({
  model_name: z.string().check(z.minLength(1), z.maxLength(200)),
  model_uid: z.string().check(z.maxLength(200)),
})
