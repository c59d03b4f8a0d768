import { api, href, upstreamPath, type ModelHealth } from '@serving-console/contract'
import { launchesFromInstances } from './adapters/launches.js'
import { normalizeProgress } from './adapters/progress.js'
import { clusterHealth } from './cluster-health.js'
import type { Upstream, UpstreamJson } from './upstream.js'

/** In-flight launches whose progress is asked for, at most, per listing. */
const PROGRESS_LOOKUPS = 16

/**
 * The most each adapted answer may weigh (read whole, so what a hostile cluster can make the gateway hold is
 * these times the requests in flight): a progress is a few hundred bytes, a listing of every instance of a large
 * cluster a few hundred KiB.
 */
export const MAX_PROGRESS_BYTES = 64 * 1024
const MAX_INSTANCES_BYTES = 8 * 1024 * 1024
/** A supervisor's metrics are a few KB per model; anything far larger is not read for health. */
const MAX_METRICS_BYTES = 4 * 1024 * 1024
/** A running list is a few KiB a model; a large cluster's a few hundred KiB. */
export const MAX_LIST_BYTES = 8 * 1024 * 1024

/**
 * Xinference's list of model instances, with each one's status (and v3's per-replica errors): the launches SPEC's
 * `GET /api/v1/models/launches` lists are made from it. Xinference's own path, not one this server serves, so not
 * in the contract's route table.
 */
const XINFERENCE_INSTANCES = '/v1/models/instances'

/** On whose behalf a cluster is asked: a request's (its Authorization, given up with it) or the server's own. */
export interface Asking {
  authorization: string | undefined
  signal?: AbortSignal
}

/**
 * Each model's health as an Xinference v3 supervisor's metrics tell it (cluster-health.ts); null where the metrics
 * do not answer (a user without the scope, a scrape refused).
 */
export function healthOn(upstream: Upstream, asking: Asking): Promise<Map<string, ModelHealth> | null> {
  return upstream
    .text('GET', href(api.getMetrics), { ...asking, maxBytes: MAX_METRICS_BYTES })
    .then((metrics) => (metrics.status === 200 ? clusterHealth(metrics.text) : null))
    .catch(() => null)
}

/** `GET /v1/models` of an Xinference cluster, read whole. */
export const runningListOf = (upstream: Upstream, asking: Asking) =>
  upstream.json('GET', upstreamPath(href(api.listModels)), { ...asking, maxBytes: MAX_LIST_BYTES })

/** A running list's rows with the health `health` tells of each (a row it does not name stays as it is). */
export function withHealth(answer: UpstreamJson, health: Map<string, ModelHealth> | null): UpstreamJson {
  const list = answer.body as { data?: unknown } | null
  if (answer.status !== 200 || !health || !Array.isArray(list?.data)) return answer
  const data = list.data.map((row: unknown) => {
    const id = (row as { id?: unknown } | null)?.id
    const said = typeof id === 'string' ? health.get(id) : undefined
    return said && typeof row === 'object' ? { ...row, health: said } : row
  })
  return { ...answer, body: { ...list, data } }
}

/**
 * An Xinference v3 cluster's running models in SPEC's list, each with its health as its supervisor's metrics tell
 * it; metrics that do not answer leave the rows as they are.
 */
export async function runningModelsOf(upstream: Upstream, asking: Asking): Promise<UpstreamJson> {
  const [answer, health] = await Promise.all([runningListOf(upstream, asking), healthOn(upstream, asking)])
  return withHealth(answer, health)
}

/**
 * An Xinference cluster's launches in flight and failed, in SPEC's list (its answer's body): every instance not
 * ready, with the progress of the first PROGRESS_LOOKUPS in flight (unless `progress` is false: alerts read only the
 * failed ones). A progress that cannot be had leaves its launch as the instance list has it; the listing stands.
 */
export async function launchesOf(
  upstream: Upstream,
  asking: Asking,
  { progress = true }: { progress?: boolean } = {},
): Promise<UpstreamJson> {
  const answer = await upstream.json('GET', XINFERENCE_INSTANCES, {
    ...asking,
    maxBytes: MAX_INSTANCES_BYTES,
  })
  if (answer.status !== 200) return answer
  const launches = launchesFromInstances(answer.body)
  if (!progress) return { ...answer, body: launches }
  await Promise.allSettled(
    launches
      .filter((launch) => launch.stage !== 'failed')
      .slice(0, PROGRESS_LOOKUPS)
      .map(async (launch) => {
        const progress = await upstream.json(
          'GET',
          upstreamPath(href(api.getLaunchProgress, { model_uid: launch.model_uid })),
          { ...asking, maxBytes: MAX_PROGRESS_BYTES },
        )
        const body = normalizeProgress(progress.body) as { progress?: unknown; stage?: unknown } | undefined
        if (typeof body?.progress === 'number') launch.progress = body.progress
        if (body?.stage === 'downloading') launch.stage = 'downloading'
      }),
  )
  return { ...answer, body: launches }
}
