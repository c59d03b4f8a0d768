import { api, routeName, upstreamPath, type Route } from '@serving-console/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Readable } from 'node:stream'
import type { ProxyTrust } from '../http/client-view.js'
import { HttpError } from '../http/http-error.js'
import { CLUSTER_ROUTES, tableEntry, withinCluster } from '../http/table-entry.js'
import { forward } from '../gateway/forward.js'
import { passThrough } from '../gateway/pass-through.js'
import { gatewayRoutes, type GatewayParts } from '../gateway/routes.js'
import type { AnswerUsageReader } from './answer-usage.js'
import type { Clusters, Reach } from './clusters.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The cluster a request under `/clusters/{name}` goes to; null elsewhere. */
    cluster: Reach | null
    /** The uid the cluster knows the model by, where it is not the one the body names (model-routing.ts). */
    clusterUid: string | null
    /** What a cluster's answer to an inference request told of its tokens, once it has ended (model-routing.ts). */
    clusterUsage: AnswerUsageReader | null
  }
}

/**
 * What a cluster is not asked through this server: signing in to it (the console's users sign in here; it would
 * also open the cluster's sign-in to guessing from wherever this server is reachable), and a model's Web UI pages,
 * which run this server's own models (docs/clusters.md).
 */
const NOT_SERVED: ReadonlySet<Route> = new Set([
  api.signIn,
  api.refreshToken,
  api.signOut,
  api.getSetupStatus,
  api.setUpFirstAdmin,
  api.getModelUi,
  api.createLlmUi,
  api.createImageUi,
])

/**
 * Sends a request to a cluster as the kept credential: the console's user was let in by this server's own auth
 * (the scope the route's entry names; under a cluster nothing is open to all: `accessOf`), and the cluster never
 * sees the user's token or key, only the credential an administrator gave for it (docs/clusters.md).
 */
export async function asCluster(request: FastifyRequest, cluster: Reach): Promise<void> {
  delete request.headers.authorization
  delete request.headers['x-api-key']
  request.cluster = cluster
  let authorization: string | undefined
  try {
    authorization = await cluster.session.authorization()
  } catch (error) {
    // Not the user's 401: theirs was taken here. The cluster did not take this server's password.
    throw new HttpError(502, `Cannot sign in to the cluster ${cluster.name}: ${(error as Error).message}`)
  }
  if (authorization) request.headers.authorization = authorization
}

/** The gateway's parts for one cluster held here, its paths those under `/clusters/{name}`. */
export function clusterParts(cluster: Reach, trust: ProxyTrust): GatewayParts {
  const upstreamPathOf = (request: FastifyRequest) => upstreamPath(withinCluster(request.url))
  return {
    ...cluster,
    upstreamPathOf,
    forward: (request: FastifyRequest, reply: FastifyReply, path?: string) =>
      forward(cluster.upstream, trust, request, reply, path ?? upstreamPathOf(request)),
  }
}

/**
 * A 401 or 403 from a cluster is about the credential kept for it, not the console's user (whose own was checked
 * here): passed on as it is, it would sign the user out. It says so as a 502, and a 401 makes the next request
 * sign in again.
 */
function refusedCredential(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const status = reply.statusCode
  const cluster = request.cluster
  if (!cluster || (status !== 401 && status !== 403)) return payload
  if (status === 401) cluster.session.ended()
  if (payload instanceof Readable) payload.destroy()
  for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'www-authenticate'])
    reply.removeHeader(name)
  reply.code(502).type('application/json; charset=utf-8')
  return JSON.stringify({
    detail: `The cluster ${cluster.name} refused the credential this server keeps for it (HTTP ${status}): an administrator can give it another under System → Clusters`,
  })
}

/**
 * Every cluster this platform holds, served under `/clusters/{name}` as a gateway to it serves it
 * (docs/clusters.md): the route table's paths, SPEC's and upstream's, adapted for the cluster's version or passed
 * through within its address, with the credential kept for it. Who may call each is this server's auth's, by the
 * entry the path asks for; a path outside the table is not sent (the kept credential reaches only what the table
 * names). Clusters added later are served at once: the name is read from each request.
 */
export async function clusterGateways(
  app: FastifyInstance,
  options: { clusters: Clusters; trust: ProxyTrust },
) {
  const { clusters, trust } = options
  app.decorateRequest('cluster', null)
  app.decorateRequest('clusterUid', null)
  app.decorateRequest('clusterUsage', null)
  // On every route: the platform's inference routes send to clusters too (model-routing.ts).
  app.addHook('onSend', async (request, reply, payload) => refusedCredential(request, reply, payload))
  const parts = new WeakMap<Reach, GatewayParts>()
  const partsOf = (request: FastifyRequest): GatewayParts => {
    const cluster = request.cluster
    if (!cluster) throw new Error('a cluster route without its cluster')
    let made = parts.get(cluster)
    if (!made) parts.set(cluster, (made = clusterParts(cluster, trust)))
    return made
  }
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        const { cluster } = request.params as { cluster?: string }
        const held = clusters.reach(cluster ?? '')
        const entry = tableEntry(request)
        if (entry && NOT_SERVED.has(entry))
          throw new HttpError(
            404,
            `Not served for a cluster: ${routeName(entry)} is this server's own (sign in here; a cluster's model pages are its own)`,
          )
        // A cluster's model is reached at this server's own inference routes, as `cluster/uid`, where its limits,
        // tokens and use are counted (clusters/model-routing.ts); passed through here, its body was never read.
        if (entry?.audit === 'inference')
          throw new HttpError(
            404,
            `Not served for a cluster: ${routeName(entry)} reaches a cluster's model at this server's own path, naming it ${cluster ?? 'cluster'}/uid`,
          )
        await asCluster(request, held)
      })
      await scope.register(async (routes) => gatewayRoutes(routes, partsOf))
      await passThrough(
        scope,
        (request, reply) => {
          if (!tableEntry(request))
            throw new HttpError(404, 'Not a route this server sends to a cluster (docs/routes.md)')
          return partsOf(request).forward(request, reply)
        },
        (request) => partsOf(request).pages.terminated(withinCluster(request.url)),
      )
    },
    { prefix: CLUSTER_ROUTES },
  )
}
