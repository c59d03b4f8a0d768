import type { Launch } from '@serving-console/contract'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)

/** What a failed launch says when this Xinference keeps no reason for it (1.x/2.x instances have none). */
export const NO_REASON = 'The launch failed on the cluster; this Xinference version does not keep the reason.'

/**
 * Launches in flight and failed ones, from upstream's `GET /v1/models/instances`: every instance that is not
 * READY. v3 carries per-replica statuses with the error message; older versions only a status.
 */
export function launchesFromInstances(instances: unknown): Launch[] {
  if (!Array.isArray(instances)) return []
  const launches: Launch[] = []
  for (const instance of instances.filter(isObject)) {
    const status = text(instance.status)?.toUpperCase() ?? 'UNKNOWN'
    if (status === 'READY') continue
    const uid = text(instance.model_uid)
    if (!uid) continue
    const replicas = Array.isArray(instance.replica_statuses)
      ? instance.replica_statuses.filter(isObject)
      : []
    const failed = status === 'ERROR' || replicas.some((replica) => text(replica.status) === 'ERROR')
    const reasons = replicas.map((replica) => text(replica.error_message)).filter((reason) => reason !== null)
    launches.push({
      model_uid: uid,
      model_name: text(instance.model_name) ?? uid,
      model_type: 'unknown',
      replica: typeof instance.replica === 'number' ? instance.replica : 1,
      stage: failed ? 'failed' : status === 'CREATING' || status === 'PENDING' ? 'pending' : 'loading',
      progress: 0,
      error: failed ? [...new Set(reasons)].join('\n') || NO_REASON : null,
      download: null,
      ...(typeof instance.instance_created_ts === 'number' ? { created: instance.instance_created_ts } : {}),
    })
  }
  return launches.sort((a, b) => (b.created ?? 0) - (a.created ?? 0))
}
