import { api, href, type Launch } from '@serving-console/contract'
import { launchesOf, runningModelsOf } from '../gateway/cluster-reads.js'
import type { UpstreamJson } from '../gateway/upstream.js'
import type { Clusters, Reach } from './clusters.js'

/** What a cluster held here last told of its models, as its alerts read it (docs/alerts.md). */
export interface ClusterFigures {
  name: string
  /** Whether it answered, with the credential kept for it, when it was last asked (Clusters.watch). */
  answering: boolean
  /** Its running models, with their replicas down where the cluster tells it (Xinference 3, a platform). */
  models: readonly { uid: string; type: string | null; replicasDown: number | null }[]
  /** Its launches that failed, still listed there. */
  failedLaunches: readonly { uid: string; type: string | null }[]
}

/** A running list or the launches of a large cluster are a few hundred KiB. */
const LIST_BYTES = 8 * 1024 * 1024

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
 * alert rules (alerts/alerting.ts): nobody needs to be signed in for a cluster's model going down to be told. A
 * cluster that does not answer keeps what it last told (its alerts stay as they were; `cluster_down` says it is
 * away); a cluster removed takes its figures with it.
 */
export class ClusterAlertFigures {
  private readonly last = new Map<string, Omit<ClusterFigures, 'name' | 'answering'>>()
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
      ...(this.last.get(name) ?? { models: [], failedLaunches: [] }),
    }))
  }

  /** Reads every cluster that answers, at once; one pass at a time. */
  refresh(): Promise<void> {
    return (this.reading ??= this.readAll().finally(() => (this.reading = null)))
  }

  private async readAll(): Promise<void> {
    const held = new Set(this.clusters.states().map(({ name }) => name))
    for (const name of this.last.keys()) if (!held.has(name)) this.last.delete(name)
    await Promise.all(
      this.clusters.up().map(async (cluster) => {
        const read = await this.read(cluster).catch(() => null)
        if (read) this.last.set(cluster.name, read)
      }),
    )
  }

  /** One cluster's running list and launches, as SPEC's routes under /clusters/{name} answer them; null if not told. */
  private async read(cluster: Reach): Promise<Omit<ClusterFigures, 'name' | 'answering'> | null> {
    const asking = {
      authorization: await cluster.session.authorization(),
      signal: AbortSignal.timeout(this.answerMs),
    }
    const profile = await cluster.profiles.detect(asking.authorization)
    const { upstream } = cluster
    // Another platform speaks SPEC's API itself; Xinference's answers are translated as its routes here do.
    const [running, launches] =
      profile.kind === 'serving-console'
        ? await Promise.all([
            upstream.json('GET', href(api.listModels), { ...asking, maxBytes: LIST_BYTES }),
            upstream.json('GET', href(api.listLaunches), { ...asking, maxBytes: LIST_BYTES }),
          ])
        : await Promise.all([
            runningModelsOf(upstream, asking, profile.clusterHealth),
            launchesOf(upstream, asking, { progress: false }),
          ])
    if (running.status === 401 || launches.status === 401) cluster.session.ended()
    const models = rowsOf(running)
    if (!models) return null
    return {
      models: models.flatMap((row) => {
        const uid = text(field(row, 'id'))
        return uid
          ? [{ uid, type: text(field(row, 'model_type')), replicasDown: replicasDown(field(row, 'health')) }]
          : []
      }),
      failedLaunches: (rowsOf(launches) ?? []).flatMap((row) => {
        const launch = row as Partial<Launch>
        const uid = text(launch.model_uid)
        if (!uid || launch.stage !== 'failed') return []
        const type = text(launch.model_type)
        return [{ uid, type: type === 'unknown' ? null : type }]
      }),
    }
  }
}
