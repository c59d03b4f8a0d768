import { api, clusterModelName, href, type Launch } from '@serving-console/contract'
import { healthOn, launchesOf, MAX_LIST_BYTES, runningListOf, withHealth } from '../gateway/cluster-reads.js'
import type { UpstreamJson } from '../gateway/upstream.js'
import type { Clusters, Reach } from './clusters.js'
import { inTime } from './in-time.js'

type Model = { uid: string; type: string | null; replicasDown: number | null }
type FailedLaunch = { uid: string; type: string | null }

/** What a cluster held here last told of its models, as its alerts read it (docs/alerts.md). */
export interface ClusterFigures {
  /**
   * Its name on this platform, its models named `name/uid`; null for a gateway's one cluster (`--endpoint`), whose
   * models are named as the cluster names them.
   */
  name: string | null
  /** Whether it answered, with the credential kept for it, when it was last asked. */
  answering: boolean
  /** Whether it refused that credential (401 or 403) when it was last read: none of its figures can be had. */
  refused: boolean
  /** Whether it tells its models' health (Xinference 3, another platform); null until it was read. */
  tellsHealth: boolean | null
  /** Its running models, with their replicas down where it tells their health. */
  models: readonly Model[]
  /** Its launches that failed, still listed there. */
  failedLaunches: readonly FailedLaunch[]
}

/** What reads of a cluster last told. */
export type ClusterTold = Omit<ClusterFigures, 'name' | 'answering'>
export const UNTOLD: ClusterTold = { refused: false, tellsHealth: null, models: [], failedLaunches: [] }

/** Clusters read at once: each read holds up to a running list, metrics and instances (≤ 20 MiB). */
const AT_ONCE = 4

const rowsOf = (answer: UpstreamJson): unknown[] | null => {
  if (answer.status !== 200) return null
  const body = answer.body as { data?: unknown } | unknown[] | null
  const rows = Array.isArray(body) ? body : body?.data
  return Array.isArray(rows) ? rows : null
}
const field = (row: unknown, name: string): unknown =>
  typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[name] : undefined
const text = (value: unknown) => (typeof value === 'string' && value ? value : null)
const count = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : null
/** A row's replicas down, from its health as the cluster (or this server, from its metrics) tells it. */
function replicasDown(health: unknown): number | null {
  const replicas = count(field(health, 'replicas'))
  const ready = count(field(health, 'ready_replicas'))
  return replicas === null || ready === null || ready > replicas ? null : replicas - ready
}

/**
 * Each held cluster's models and failed launches, read with its kept credential before each evaluation of the
 * alert rules (alerts/alerting.ts): nobody needs to be signed in for a cluster's model going down to be told. Each
 * read, signing in included, stays within the cluster timeout. What a read could not tell (the cluster away, its
 * metrics or its launches not answering) stays as last told, so an alert does not resolve for want of a figure;
 * `cluster_down` says a cluster is away. Kept by the cluster as held: one changed or removed starts afresh.
 */
export class ClusterAlertFigures {
  private readonly last = new WeakMap<Reach, ClusterTold>()
  private reading: Promise<void> | null = null

  constructor(
    private readonly clusters: Clusters,
    private readonly answerMs: number,
  ) {}

  /** What every held cluster last told, in the order they were added. */
  current(): ClusterFigures[] {
    return this.clusters.states().map(({ name, status }) => ({
      name,
      answering: status.state === 'up',
      ...(this.last.get(this.clusters.reach(name)) ?? UNTOLD),
    }))
  }

  /** Whether `model` (`cluster/uid`) is one a cluster held here listed when it was last read. */
  lists(model: string): boolean {
    const named = clusterModelName(model)
    if (!named) return false
    const cluster = this.clusters.states().find((one) => one.name === named.cluster)
    const told = cluster && this.last.get(this.clusters.reach(cluster.name))
    return told?.models.some((one) => one.uid === named.uid) ?? false
  }

  /** Reads every cluster that answers, AT_ONCE at a time; one pass at a time. */
  refresh(): Promise<void> {
    return (this.reading ??= this.readAll().finally(() => (this.reading = null)))
  }

  private async readAll(): Promise<void> {
    const waiting = [...this.clusters.up()]
    const next = async (): Promise<void> => {
      const cluster = waiting.shift()
      if (!cluster) return
      const told = await readCluster(cluster, this.last.get(cluster) ?? UNTOLD, this.answerMs).catch(
        () => null,
      )
      if (told) this.last.set(cluster, told)
      return next()
    }
    await Promise.all(Array.from({ length: AT_ONCE }, next))
  }
}

/**
 * One cluster's running list and launches, as SPEC's routes under /clusters/{name} answer them, read with its kept
 * credential within `answerMs`; what a read could not tell stays as `before` told it. Throws where the cluster did
 * not answer, or answered its running list with a server error.
 */
export async function readCluster(
  cluster: Pick<Reach, 'upstream' | 'profiles' | 'session'>,
  before: ClusterTold,
  answerMs: number,
): Promise<ClusterTold> {
  const signal = AbortSignal.timeout(answerMs)
  const authorization = await inTime(cluster.session.authorization(), signal, answerMs)
  const asking = { authorization, signal }
  const profile = await inTime(cluster.profiles.detect(authorization), signal, answerMs)
  const { upstream } = cluster
  // Another platform speaks SPEC's API itself, health included; Xinference's answers are read as its routes here
  // read them, its health from v3's metrics.
  const platform = profile.kind === 'serving-console'
  const tellsHealth = platform || profile.clusterHealth
  const [running, health, launches] = await Promise.all([
    platform
      ? upstream.json('GET', href(api.listModels), { ...asking, maxBytes: MAX_LIST_BYTES })
      : runningListOf(upstream, asking),
    !platform && tellsHealth ? healthOn(upstream, asking) : null,
    platform
      ? upstream.json('GET', href(api.listLaunches), { ...asking, maxBytes: MAX_LIST_BYTES })
      : launchesOf(upstream, asking, { progress: false }),
  ])
  // A server error for its running list is a cluster not answering as it should (a supervisor down behind a proxy).
  if (running.status >= 500) throw new Error(`the running list answered ${String(running.status)}`)
  if (running.status === 401 || launches.status === 401) cluster.session.ended()
  const refused = [running.status, launches.status].some((status) => status === 401 || status === 403)
  const rows = rowsOf(withHealth(running, health))
  // Health the metrics did not tell this time: as it was last told, model by model.
  const healthUntold = !platform && tellsHealth && health === null
  const downBefore = new Map(before.models.map((model) => [model.uid, model.replicasDown]))
  const failed = rowsOf(launches)
  return {
    refused,
    tellsHealth,
    models:
      rows === null
        ? before.models
        : rows.flatMap((row) => {
            const uid = text(field(row, 'id'))
            if (!uid) return []
            const down = healthUntold ? (downBefore.get(uid) ?? null) : replicasDown(field(row, 'health'))
            return [{ uid, type: text(field(row, 'model_type')), replicasDown: down }]
          }),
    failedLaunches:
      failed === null
        ? before.failedLaunches
        : failed.flatMap((row) => {
            const launch = row as Partial<Launch>
            const uid = text(launch.model_uid)
            if (!uid || launch.stage !== 'failed') return []
            const type = text(launch.model_type)
            return [{ uid, type: type === 'unknown' ? null : type }]
          }),
  }
}
