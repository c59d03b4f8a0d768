import {
  api,
  clusterModelName,
  CLUSTER_MOUNT,
  href,
  routeOfRegistered,
  upstreamPath,
  type Route,
} from '@serving-console/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
import { pipeline } from 'node:stream'
import { HttpError } from '../http/http-error.js'
import { messagesPathOn } from '../gateway/messages.js'
import type { ProxyTrust } from '../http/client-view.js'
import { forward } from '../gateway/forward.js'
import { mediaType } from '../gateway/json-answers.js'
import { AnswerUsageReader } from './answer-usage.js'
import { asCluster } from './cluster-gateway.js'
import type { Clusters, Reach } from './clusters.js'

/** How long a cluster's running list answers "where does this model run": a launch shows within this. */
const LIST_FOR_MS = 5_000
/** A running list is a few KiB a model. */
const LIST_BYTES = 8 * 1024 * 1024

/**
 * Where a model a client names runs, among the clusters held here (docs/clusters.md): `cluster/uid` names it; a
 * bare uid is the one cluster that runs it (the platform's own models are found before this is asked). Each
 * cluster's list is read with its kept credential and kept a few seconds; a cluster that does not answer in time
 * is left out.
 */
export class ClusterModels {
  // By the cluster as held: a cluster changed or removed is held anew, and its old list goes with it.
  private readonly lists = new WeakMap<Reach, { at: number; uids: Promise<Set<string>> }>()

  constructor(
    private readonly clusters: Clusters,
    private readonly answerMs: number,
  ) {}

  async locate(name: string): Promise<{ cluster: Reach; uid: string } | undefined> {
    const named = this.named(name)
    if (named) return named
    const up = this.clusters.up()
    const runs = await Promise.all(up.map(async (cluster) => (await this.uidsOn(cluster)).has(name)))
    const on = up.filter((_, at) => runs[at])
    if (on.length > 1) {
      const names = on.map((cluster) => `${cluster.name}/${name}`).join(' or ')
      throw new HttpError(409, `Model ${name} runs on more than one cluster: name it as ${names}`)
    }
    return on[0] && { cluster: on[0], uid: name }
  }

  /** Whether `cluster/uid` names a model its cluster runs now (as its list was read in the last few seconds). */
  async runs(name: string): Promise<boolean> {
    const named = this.named(name)
    return named ? (await this.uidsOn(named.cluster)).has(named.uid) : false
  }

  /** The cluster a `cluster/uid` name names, where it answers, and the uid there. */
  private named(name: string): { cluster: Reach; uid: string } | undefined {
    const named = clusterModelName(name)
    const cluster = named && this.clusters.up().find((one) => one.name === named.cluster)
    return cluster ? { cluster, uid: named.uid } : undefined
  }

  private uidsOn(cluster: Reach): Promise<Set<string>> {
    const kept = this.lists.get(cluster)
    if (kept && Date.now() - kept.at < LIST_FOR_MS) return kept.uids
    const uids = this.listOn(cluster).catch(() => new Set<string>())
    this.lists.set(cluster, { at: Date.now(), uids })
    return uids
  }

  private async listOn(cluster: Reach): Promise<Set<string>> {
    const answer = await cluster.upstream.json('GET', upstreamPath(href(api.listModels)), {
      authorization: await cluster.session.authorization(),
      maxBytes: LIST_BYTES,
      signal: AbortSignal.timeout(this.answerMs),
    })
    const data = (answer.body as { data?: unknown } | null)?.data
    if (answer.status === 401) cluster.session.ended()
    if (answer.status !== 200 || !Array.isArray(data)) return new Set()
    return new Set(
      data.flatMap((row: unknown) => {
        const id = (row as { id?: unknown } | null)?.id
        return typeof id === 'string' ? [id] : []
      }),
    )
  }
}

/** Where a cluster serves an inference route: its upstream path, or, for the Messages API, where its version has it. */
async function pathOn(cluster: Reach, entry: Route, authorization: string | undefined): Promise<string> {
  if (entry !== api.createMessage) return upstreamPath(entry.path)
  return messagesPathOn(await cluster.profiles.detect(authorization))
}

/**
 * The platform's inference routes reach the clusters' models too: a model this platform does not run, named as
 * `cluster/uid` or run by one cluster alone, is sent there, as that cluster's uid, with the credential kept for it
 * (the caller was let in here: auth, key permissions and limits as for any model). Added before the routes, it
 * locates each inference request's model once its body is read (`preValidation`), so that the limits, counted
 * before the handler (quota-plugin.ts), know the model as `cluster/uid` whichever way the client named it; then it
 * wraps each inference entry's handler. The platform's own models never leave it.
 */
export function inferenceOnClusters(
  app: FastifyInstance,
  options: { models: ClusterModels; runsHere: (uid: string) => boolean; trust: ProxyTrust },
) {
  const { models, runsHere, trust } = options
  // A name two clusters run is the handler's to refuse (409), once a key's permissions have had their say
  // (auth-plugin.ts): the refusal names the clusters.
  const ambiguous = new WeakMap<FastifyRequest, unknown>()
  const locate = async (request: FastifyRequest) => {
    const name = (request.body as { model?: unknown } | undefined)?.model
    if (typeof name !== 'string' || runsHere(name)) return
    try {
      const found = await models.locate(name)
      if (!found) return
      request.cluster = found.cluster
      request.clusterUid = found.uid
    } catch (error) {
      ambiguous.set(request, error)
    }
  }
  app.addHook('onRoute', (route) => {
    if (typeof route.method !== 'string' || route.url.startsWith(`${CLUSTER_MOUNT}/`)) return
    const entry = routeOfRegistered(route.method, route.url)
    if (entry?.audit !== 'inference') return
    route.preValidation = [route.preValidation ?? [], locate].flat()
    const handler = route.handler as RouteHandlerMethod
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (ambiguous.has(request)) throw ambiguous.get(request)
      const { cluster, clusterUid: uid } = request
      if (!cluster || uid === null) return handler.call(this, request, reply)
      const body = request.body as Record<string, unknown>
      await asCluster(request, cluster)
      const path = await pathOn(cluster, entry, request.headers.authorization)
      // The cluster's uid goes there; the request keeps the name the client gave (the audit trail, usage). Its
      // answer is read on the way for its tokens, kept with its use and counted against budgets (quota-plugin.ts).
      const sent = Date.now()
      return forward(
        cluster.upstream,
        trust,
        request,
        reply,
        path,
        { ...body, model: uid },
        (answer, headers) => {
          const reader = new AnswerUsageReader(mediaType(headers), sent)
          request.clusterUsage = reader
          // Either side ending ends both: a client gone frees the cluster's connection.
          return pipeline(answer, reader, () => undefined)
        },
      )
    }
  })
}
