import { api, apiAreas, type Route } from '@serving-console/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clientGone } from '../http/client-gone.js'
import { HttpError } from '../http/http-error.js'
import { serve, type RouteHandler } from '../http/serve.js'
import type { Benchmarks } from '../platform/benchmark/benchmarks.js'
import { benchmarkRoutes } from '../platform/routes/benchmarks.js'
import { alertRoutes, type AlertRouteOptions } from '../platform/alerts/alert-routes.js'
import { admitClusterAdmin } from './cluster-admin.js'
import { gatewayMessages } from './messages.js'
import { normalizeProgress } from './adapters/progress.js'
import { launchesOf, MAX_PROGRESS_BYTES, runningModelsOf, type Asking } from './cluster-reads.js'
import { fromUpstreamRegistration, toUpstreamRegistration } from './adapters/registrations.js'
import type { ProfileDetector, UpstreamProfile } from './profile.js'
import { relay } from './relay.js'
import type { Upstream } from './upstream.js'
import type { GatewayWebUis } from './web-ui.js'

/** The cluster a request goes to, and what the server knows of it. */
export interface GatewayParts {
  upstream: Upstream
  profiles: ProfileDetector
  pages: GatewayWebUis
  /** Forwards a request as it is (forward.ts), to `path` or the request's own upstream path. */
  forward: (request: FastifyRequest, reply: FastifyReply, path?: string) => FastifyReply
  /** The request's path and query as the cluster serves them (upstream's `/v1` for SPEC's `/api/v1`). */
  upstreamPathOf: (request: FastifyRequest) => string
}

/**
 * The cluster of a request: a gateway has one; a platform serves each cluster it holds under `/clusters/{name}`
 * (clusters/cluster-gateway.ts), where the request names it.
 */
export type PartsOf = (request: FastifyRequest) => GatewayParts

const authorization = (request: FastifyRequest) => request.headers.authorization

/** The request a handler of the entry `R` gets: its params, query and body parsed by the entry's schemas. */
type RequestOf<R extends Route> = Parameters<RouteHandler<R>>[0]

/** A table entry as the gateway serves it: what it answers is the upstream's, relayed, so it declares no answers. */
type Relayed<R extends Route> = Omit<R, 'answers'>
function relayed<R extends Route>(route: R): Relayed<R> {
  const { answers: _answers, ...entry } = route
  return entry
}

/**
 * The routes the gateway answers itself, from the route table's entries at SPEC's paths only (upstream's own
 * `/v1` paths always pass through): each asks the upstream's profile, then passes the request through or
 * translates it. Every other request is forwarded by the catch-all in app.ts.
 */
export async function gatewayRoutes(
  app: FastifyInstance,
  partsOf: PartsOf,
  options: {
    /** Benchmarks of the cluster's models, run through this gateway (docs/benchmarks.md); without, forwarded. */
    benchmarks?: Benchmarks
    /**
     * A gateway's own alerts on its cluster (docs/alerts.md); without (a cluster a platform holds, whose alerts are
     * the platform's), said so.
     */
    alerts?: Pick<AlertRouteOptions, 'store' | 'alerting'>
  } = {},
) {
  const profileFor = (request: FastifyRequest) => partsOf(request).profiles.detect(authorization(request))
  const forward = (request: FastifyRequest, reply: FastifyReply, path?: string) =>
    partsOf(request).forward(request, reply, path)
  const pathOf = (request: FastifyRequest) => partsOf(request).upstreamPathOf(request)
  /** On a request's behalf: with its Authorization, and given up if its client goes away. */
  const asking = (request: FastifyRequest, reply: FastifyReply): Asking => ({
    authorization: authorization(request),
    signal: clientGone(reply),
  })
  /** Asks the upstream on a request's behalf (one signal for all the calls one request makes). */
  const askFor = (request: FastifyRequest, reply: FastifyReply) => {
    const { upstream } = partsOf(request)
    const asked = asking(request, reply)
    return (method: 'GET' | 'POST', path: string, options: { maxBytes?: number; body?: unknown } = {}) =>
      upstream.json(method, path, { ...options, ...asked })
  }
  /** Serves an entry with the gateway's own handler. */
  const own = <R extends Route>(route: R, handler: RouteHandler<R>) =>
    serve(app, route, handler, { specPathOnly: true })
  /** Serves an entry translated by `adapted`, unless the upstream speaks SPEC's API itself: then it passes through. */
  const translated = <R extends Route>(
    route: R,
    adapted: (request: RequestOf<Relayed<R>>, reply: FastifyReply, profile: UpstreamProfile) => unknown,
  ) =>
    // The answer is whatever `adapted` relays: the entry has none to check it against (`relayed`).
    own(relayed(route), (async (request, reply) => {
      const profile = await profileFor(request)
      if (profile.kind === 'serving-console') return forward(request, reply)
      return adapted(request, reply, profile)
    }) as RouteHandler<Relayed<R>>)

  gatewayMessages(app, partsOf)

  // The platform's own areas, said plainly rather than forwarded to a cluster that would answer a bare 404: limits
  // and usage per user, key and model (docs/quotas.md), and alerts (docs/alerts.md). Every route of each area, as
  // the table lists it.
  // `held`: the name of a cluster a platform holds, served under /clusters/{name} (docs/clusters.md).
  type Said = [
    Readonly<Record<string, Route>> | undefined,
    (version: string, held: string | undefined) => string,
  ]
  // A cluster a platform holds: its alerts are the platform's (a gateway keeps its own, below).
  const alertsHeld: Said = [
    apiAreas.Alerts,
    (version, held) =>
      `Alerts over cluster ${held ?? ''} are this platform's own, at /api/v1/alerts; Xinference ${version} evaluates none`,
  ]
  const platformOnly: Said[] = [
    [
      apiAreas['Limits and usage'],
      (version) =>
        `Limits and usage per user, key and model are Serving Console's own platform's; Xinference ${version} has none (its per-model figures are in its metrics)`,
    ],
    ...(options.alerts ? [] : [alertsHeld]),
    [
      apiAreas.Clusters,
      (_version, held) =>
        held === undefined
          ? 'This server is a gateway to one cluster (--endpoint) and holds no others: without --endpoint, the platform holds several (docs/clusters.md)'
          : `Cluster ${held} is one this platform holds: the clusters are this platform's, at /api/v1/clusters`,
    ],
    [
      { getCacheDisk: api.getCacheDisk },
      (version) =>
        `The cache's disk use is Serving Console's own platform's; Xinference ${version} lists its cached models only`,
    ],
  ]
  for (const [area, detail] of platformOnly) {
    for (const route of Object.values(area ?? {})) {
      translated(route, (request, _reply, profile) => {
        throw new HttpError(404, detail(profile.version, partsOf(request).upstream.heldAs))
      })
    }
  }

  // Benchmarks and alerts: the gateway keeps them itself, through its own routes, for the cluster's administrators
  // (cluster-admin.ts); a platform upstream keeps its own.
  const admit = async (request: FastifyRequest) =>
    admitClusterAdmin(partsOf(request).upstream, request, await profileFor(request))
  const register = <R extends Route>(route: R, handler: RouteHandler<R>) =>
    own(relayed(route), (async (request, reply) => {
      const profile = await profileFor(request)
      if (profile.kind === 'serving-console') return forward(request, reply)
      return (handler as (...args: unknown[]) => unknown).call(app, request, reply)
    }) as RouteHandler<Relayed<R>>)
  const { benchmarks, alerts } = options
  if (benchmarks) await benchmarkRoutes(app, { benchmarks, admit, register })
  if (alerts) await alertRoutes(app, { ...alerts, admit, register })

  own(api.getServerFeatures, async (request) => {
    const profile = await profileFor(request)
    return {
      mode: 'gateway' as const,
      upstream: {
        address: partsOf(request).upstream.shownAddress,
        kind: profile.kind,
        version: profile.version,
      },
      model_logs: profile.modelLogs,
      // Xinference v3's supervisor tells each model's health in its metrics; restarting is the platform's own.
      model_health: profile.clusterHealth,
      model_restart: false,
      model_fit: false,
      // The cluster's charts start when the page opens: the gateway keeps no history of its own.
      cluster_history: false,
      // Limits and usage per user and key are the platform's own: Xinference keeps only per-model figures.
      quotas: profile.kind === 'serving-console',
      // The gateway's own (on its cluster's models and whether it answers), or a platform upstream's.
      alerts: profile.kind === 'serving-console' || alerts !== undefined,
      // Xinference's own Download only came after v3.2.1, at the same paths: a cluster that serves them can be
      // offered it once the gateway finds it out.
      downloads: profile.kind === 'serving-console',
      file_info: profile.fileInfo,
      // v3 has users, keys, security and audit at its admin paths; 1.x and 2.x sign in from an auth file.
      administration:
        profile.kind === 'xinference' && profile.major >= 3 ? ('users' as const) : ('auth_file' as const),
    }
  })

  // Xinference v3 keeps each model's health in its supervisor's metrics: its rows get it, as the platform's have it.
  translated(api.listModels, async (request, reply, profile) => {
    if (!profile.clusterHealth) return forward(request, reply)
    return relay(reply, await runningModelsOf(partsOf(request).upstream, asking(request, reply)))
  })

  translated(api.registerModel, async (request, reply, profile) => {
    const { model, persist } = request.body
    let parsed: unknown
    try {
      parsed = JSON.parse(model)
    } catch {
      throw new HttpError(400, 'model must be a JSON object, as a string')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new HttpError(400, 'model must be a JSON object, as a string')
    }
    const translation = toUpstreamRegistration(
      request.params.model_type,
      parsed as Record<string, unknown>,
      profile,
    )
    const answer = await askFor(request, reply)('POST', pathOf(request), {
      body: { model: JSON.stringify(translation), persist },
    })
    return relay(reply, answer)
  })

  translated(api.getRegistration, async (request, reply) =>
    relay(reply, await askFor(request, reply)('GET', pathOf(request)), (body) =>
      fromUpstreamRegistration(request.params.model_type, body),
    ),
  )

  translated(api.getLaunchProgress, async (request, reply) =>
    relay(
      reply,
      await askFor(request, reply)('GET', pathOf(request), { maxBytes: MAX_PROGRESS_BYTES }),
      normalizeProgress,
    ),
  )

  translated(api.listReplicas, async (request, reply, profile) => {
    // 1.x has no replica route: no replica is known to have failed.
    if (!profile.replicas) return []
    const answer = await askFor(request, reply)('GET', pathOf(request), {
      maxBytes: MAX_PROGRESS_BYTES,
    })
    return relay(reply, answer)
  })

  translated(api.listLaunches, async (request, reply) =>
    relay(reply, await launchesOf(partsOf(request).upstream, asking(request, reply))),
  )

  translated(api.getModelLogs, (_request, _reply, profile) => {
    throw new HttpError(
      404,
      `Xinference ${profile.version} keeps no per-model logs; read the worker's log on its machine`,
    )
  })

  translated(api.getFileInfo, () => {
    throw new HttpError(
      404,
      "Model files live on the cluster's machines, which the gateway cannot read; fill the form in by hand",
    )
  })

  // Launch Web UI for a language model: the console's chat page, served by the gateway whatever the upstream
  // (Xinference 3 has no web UI; the Gradio of 1.x and 2.x, and our platform's own page, are upstream content,
  // which runs sandboxed here: forward.ts), talking to the upstream's chat route through the gateway.
  own(relayed(api.createLlmUi), async (request, reply) => {
    const { model_uid } = request.params
    const model = await askFor(request, reply)('GET', `/v1/models/${encodeURIComponent(model_uid)}`)
    if (model.status !== 200) return relay(reply, model)
    partsOf(request).pages.addChat(model_uid, (model.body ?? {}) as Record<string, unknown>)
    return { model_uid }
  })
  // An image model's UI is a Gradio app Xinference 1.x and 2.x build; its page here says where it runs.
  translated(api.createImageUi, async (request, reply, profile) => {
    if (profile.major >= 3) {
      throw new HttpError(
        404,
        `Xinference ${profile.version} has no web UI for image models; use its API (/v1/images/generations)`,
      )
    }
    const answer = await askFor(request, reply)('POST', pathOf(request), { body: request.body })
    const { pages, upstream } = partsOf(request)
    if (answer.status === 200) pages.addOnCluster(request.params.model_uid, upstream.address)
    return relay(reply, answer)
  })
  own(api.getModelUi, async (request, reply) => {
    const { model_uid } = request.params
    const { pages } = partsOf(request)
    // Every running language model has its chat page here, as on the platform, whether or not its UI was made
    // through this gateway (a bookmark, a relaunch; an upstream platform serves the page itself, which would run
    // sandboxed here). `/status`, `/metrics`, a Gradio app and the like stay upstream's.
    if (!pages.has(model_uid)) {
      const model = await askFor(request, reply)('GET', `/v1/models/${encodeURIComponent(model_uid)}`).catch(
        () => null,
      )
      const body = (model?.body ?? {}) as Record<string, unknown>
      if (model?.status !== 200 || body.model_type !== 'LLM') return forward(request, reply)
      pages.addChat(model_uid, body)
    }
    return pages.send(model_uid, reply)
  })
}
