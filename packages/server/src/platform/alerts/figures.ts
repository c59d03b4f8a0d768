import { statfsSync } from 'node:fs'
import { clusterModelName, REQUEST_ALERT_KINDS, type AlertKind } from '@serving-console/contract'
import type { ClusterFigures } from '../../clusters/cluster-figures.js'
import type { MachineFigures } from '../cluster/resource-sampler.js'
import type { RunningModel } from '../runtime/running-model.js'

/** One reading of a rule's figure: for a model, or for the server itself (model null). */
export interface Reading {
  model: string | null
  /** The model's type, where the reading is a model's. */
  modelType?: string
  /** A quota reading's user, key or model (`user:alice`): the Alert's `subject`. */
  subject?: string
  value: number
}

/**
 * Where the server's figures come from: the platform's own models, machine, cache and limits, and the clusters it
 * holds; a gateway (`--endpoint`) has its one cluster's reads alone, so the rest are absent and their rules are
 * answered unavailable.
 */
export interface FigureSources {
  models?: () => readonly RunningModel[]
  /** Launches not (or no longer) serving: the failed ones among them. */
  launches?: () => readonly RunningModel[]
  machine?: () => MachineFigures
  /** The model cache's folder: its disk's free space. */
  cacheDir?: string
  /** Each subject with a soft limit: its token budget used, % of the soft limit. */
  softLimits?: () => readonly { subject: string; value: number }[]
  /** What each cluster held besides this platform last told (clusters/cluster-figures.ts); none without. */
  clusters?: () => readonly ClusterFigures[]
  /** A cluster's model's last minute of requests through this platform (clusters/cluster-requests.ts). */
  clusterRequests?: (model: string, now: number) => Recent | null
  /** Reads what comes over the network (the clusters' lists) before an evaluation. */
  refresh?: () => Promise<void>
  clock?: () => number
}

/** A model's last minute of requests, as the rules on requests read it. */
type Recent = ReturnType<RunningModel['usage']['recent']>

/** A cluster's model as its readings (and clients) name it: `cluster/uid`; a gateway's cluster's as it names it. */
const onCluster = (cluster: string | null, uid: string) => (cluster === null ? uid : `${cluster}/${uid}`)
/** A cluster's `cluster_down` subject: `cluster:gpu`, or `cluster` for a gateway's one cluster. */
export const clusterSubject = (cluster: string | null) =>
  cluster === null ? 'cluster' : `cluster:${cluster}`
/** A reading's model type, where known (the inbox links a model's row by it). */
const typed = (type: string | null) => (type === null ? {} : { modelType: type })

/** No request in the last minute. */
const QUIET: Recent = { requests: 0, errors: 0, refused: 0, firstTokenMs: null, durationP95Ms: null }

/**
 * Each running model's last minute of requests: this platform's models, then every model a cluster lists (its
 * requests through this platform; none yet reads as a quiet minute, as a model here without requests does).
 */
function requestsOf(sources: FigureSources, now: number): (Omit<Reading, 'value'> & { recent: Recent })[] {
  return [
    ...(sources.models?.() ?? []).map((model) => ({
      model: model.plan.uid,
      modelType: model.plan.type,
      recent: model.usage.recent(now),
    })),
    ...(sources.clusters?.() ?? []).flatMap((cluster) =>
      cluster.models.map(({ uid, type }) => {
        const model = onCluster(cluster.name, uid)
        return { model, ...typed(type), recent: sources.clusterRequests?.(model, now) ?? QUIET }
      }),
    ),
  ]
}

/** Each kind's reading now, for every model (model kinds) or the server; none where there is no figure. */
export function readingsOf(kind: AlertKind, sources: FigureSources): Reading[] {
  const now = (sources.clock ?? Date.now)()
  const clusters = sources.clusters?.() ?? []
  switch (kind) {
    case 'replicas_down':
      return [
        ...(sources.models?.() ?? []).map((model) => ({
          model: model.plan.uid,
          modelType: model.plan.type,
          value: model.workers.filter((worker) => worker.status === 'ERROR').length,
        })),
        ...clusters.flatMap((cluster) =>
          cluster.models.flatMap(({ uid, type, replicasDown }) =>
            replicasDown === null
              ? []
              : [{ model: onCluster(cluster.name, uid), ...typed(type), value: replicasDown }],
          ),
        ),
      ]
    case 'first_token_ms':
      return requestsOf(sources, now).flatMap(({ recent, ...model }) =>
        recent.firstTokenMs === null ? [] : [{ ...model, value: Math.round(recent.firstTokenMs) }],
      )
    case 'latency_p95_ms':
      return requestsOf(sources, now).flatMap(({ recent, ...model }) =>
        recent.durationP95Ms === null ? [] : [{ ...model, value: Math.round(recent.durationP95Ms) }],
      )
    case 'refusals':
      return requestsOf(sources, now).map(({ recent, ...model }) => ({ ...model, value: recent.refused }))
    case 'error_rate':
      return requestsOf(sources, now).map(({ recent: { requests, errors }, ...model }) => ({
        ...model,
        value: requests === 0 ? 0 : (errors / requests) * 100,
      }))
    case 'launch_failed':
      return [
        ...(sources.launches?.() ?? [])
          .filter((model) => model.stage === 'failed')
          .map((model) => ({ model: model.plan.uid, modelType: model.plan.type, value: 1 })),
        ...clusters.flatMap((cluster) =>
          cluster.failedLaunches.map(({ uid, type }) => ({
            model: onCluster(cluster.name, uid),
            ...typed(type),
            value: 1,
          })),
        ),
      ]
    case 'cluster_down':
      return clusters.map((cluster) => ({
        model: null,
        subject: clusterSubject(cluster.name),
        value: cluster.answering ? 0 : 1,
      }))
    case 'host_memory': {
      const { memTotal, memAvailable } = sources.machine?.() ?? { memTotal: 0, memAvailable: 0 }
      return memTotal > 0 ? [{ model: null, value: ((memTotal - memAvailable) / memTotal) * 100 }] : []
    }
    case 'gpu_memory': {
      const gpu = sources.machine?.().gpu
      return gpu && gpu.vramTotal > 0
        ? [{ model: null, value: ((gpu.vramTotal - gpu.vramAvailable) / gpu.vramTotal) * 100 }]
        : []
    }
    case 'quota_soft_limit':
      return (sources.softLimits?.() ?? []).map(({ subject, value }) => ({ model: null, subject, value }))
    case 'cache_disk_free': {
      if (sources.cacheDir === undefined) return []
      const disk = statfsSync(sources.cacheDir)
      return disk.blocks > 0 ? [{ model: null, value: (disk.bavail / disk.blocks) * 100 }] : []
    }
  }
}

/**
 * Why this server has no figure for `kind`, or null where it has one: a rule that cannot fire says so (the console
 * shows it as unavailable) rather than never firing in silence.
 */
export function unavailableReason(
  rule: { kind: AlertKind; model: string | null },
  sources: Omit<FigureSources, 'refresh' | 'clock'>,
): string | null {
  // A gateway's sources are its cluster's reads alone (no models of its own).
  const gateway = sources.models === undefined
  switch (rule.kind) {
    case 'host_memory':
    case 'gpu_memory':
      if (!sources.machine)
        return "a gateway reads no machine's memory: its cluster's workers' is on Cluster Information"
      return rule.kind === 'gpu_memory' && sources.machine().gpu.count === 0
        ? 'no GPU was found on this machine (nvidia-smi)'
        : null
    case 'cache_disk_free':
      return sources.cacheDir === undefined
        ? "a gateway keeps no model cache: its cluster's workers keep theirs"
        : null
    case 'quota_soft_limit':
      return sources.softLimits ? null : "a gateway keeps no limits: they are the platform's own"
  }
  if (gateway && REQUEST_ALERT_KINDS.includes(rule.kind))
    return "a gateway passes its cluster's requests on as they are, without timing them"
  const clusters = sources.clusters?.() ?? []
  const named = rule.model === null ? undefined : clusterModelName(rule.model)
  const cluster = gateway ? clusters[0] : clusters.find((one) => named && one.name === named.cluster)
  if (!cluster) return null
  if (cluster.name === null && cluster.refused && rule.kind !== 'cluster_down')
    return "the cluster signs users in and refused this gateway's credential: give it one of the cluster's API keys (--endpoint-api-key)"
  if (rule.kind === 'replicas_down' && cluster.tellsHealth === false)
    return `${cluster.name === null ? 'the cluster' : `cluster ${cluster.name}`} does not tell its models' health (Xinference before 3)`
  return null
}

/** Whether a reading breaches its rule: at or above the threshold, or at or below it for free space. */
export const breaches = (kind: AlertKind, value: number, threshold: number) =>
  kind === 'cache_disk_free'
    ? value <= threshold
    : kind === 'replicas_down' ||
        kind === 'launch_failed' ||
        kind === 'refusals' ||
        kind === 'quota_soft_limit' ||
        kind === 'cluster_down'
      ? value >= threshold
      : value > threshold

const percent = (value: number) => `${value.toFixed(1)} %`

/** One line saying a reading against its rule, as the messages and the inbox say it (English, as the server's). */
export function describe(
  kind: AlertKind,
  about: { model: string | null; subject?: string | null },
  value: number,
  threshold: number,
): string {
  const { model, subject } = about
  // A gateway's one cluster is `cluster`; one a platform holds `cluster:gpu`.
  const gateway = subject === clusterSubject(null)
  const where = gateway
    ? 'the cluster'
    : subject
      ? subject.replace(':', ' ')
      : model === null
        ? 'the server'
        : `model ${model}`
  switch (kind) {
    case 'replicas_down':
      return `${where}: ${String(value)} replica(s) down (alert at ${String(threshold)})`
    case 'first_token_ms':
      return `${where}: first token in ${String(Math.round(value))} ms on average over the last minute (alert above ${String(threshold)} ms)`
    case 'error_rate':
      return `${where}: ${percent(value)} of the last minute's requests failed (alert above ${String(threshold)} %)`
    case 'latency_p95_ms':
      return `${where}: 95 % of the last minute's requests took up to ${String(Math.round(value))} ms (alert above ${String(threshold)} ms)`
    case 'refusals':
      return `${where}: ${String(value)} request(s) refused with 429 in the last minute (alert at ${String(threshold)})`
    case 'launch_failed':
      return `${where}: its launch failed (see its reason on Running Models)`
    case 'host_memory':
      return `${where}: ${percent(value)} of memory in use (alert above ${String(threshold)} %)`
    case 'gpu_memory':
      return `${where}: ${percent(value)} of GPU memory in use (alert above ${String(threshold)} %)`
    case 'cache_disk_free':
      return `${where}: ${percent(value)} of the cache's disk free (alert at ${String(threshold)} % or less)`
    case 'quota_soft_limit':
      return `${where}: ${percent(value)} of its soft limit used this period (alert at ${String(threshold)} %)`
    case 'cluster_down':
      return value >= 1
        ? gateway
          ? `${where}: not answering this gateway`
          : `${where}: not answering with the credential kept for it (see System → Clusters)`
        : `${where}: answering`
  }
}
