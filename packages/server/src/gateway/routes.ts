import { api, apiAreas, href, upstreamPath, type Route } from '@serving-console/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clientGone } from '../http/client-gone.js'
import { HttpError } from '../http/http-error.js'
import { serve, type RouteHandler } from '../http/serve.js'
import type { Benchmarks } from '../platform/benchmark/benchmarks.js'
import { benchmarkRoutes } from '../platform/routes/benchmarks.js'
import { launchesFromInstances } from './adapters/launches.js'
import { admitClusterAdmin } from './cluster-admin.js'
import { gatewayMessages } from './messages.js'
import { normalizeProgress } from './adapters/progress.js'
import { clusterHealth } from './cluster-health.js'
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

/** In-flight launches whose progress is asked for, at most, per listing. */
const PROGRESS_LOOKUPS = 16

/**
 * The most each adapted answer may weigh (read whole, so what a hostile cluster can make the gateway hold is
 * these times the requests in flight): a progress is a few hundred bytes, a listing of every instance of a large
 * cluster a few hundred KiB.
 */
const MAX_PROGRESS_BYTES = 64 * 1024
const MAX_INSTANCES_BYTES = 8 * 1024 * 1024
/** A supervisor's metrics are a few KB per model; anything far larger is not read for health. */
const MAX_METRICS_BYTES = 4 * 1024 * 1024

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
  } = {},
) {
  const profileFor = (request: FastifyRequest) => partsOf(request).profiles.detect(authorization(request))
  const forward = (request: FastifyRequest, reply: FastifyReply, path?: string) =>
    partsOf(request).forward(request, reply, path)
  const pathOf = (request: FastifyRequest) => partsOf(request).upstreamPathOf(request)
  /**
   * Asks the upstream on a request's behalf: with its Authorization, and given up if its client goes away (one
   * signal for all the calls one request makes).
   */
  const askFor = (request: FastifyRequest, reply: FastifyReply) => {
    const { upstream } = partsOf(request)
    const signal = clientGone(reply)
    return (method: 'GET' | 'POST', path: string, options: { maxBytes?: number; body?: unknown } = {}) =>
      upstream.json(method, path, { ...options, authorization: authorization(request), signal })
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
  const platformOnly: [Readonly<Record<string, Route>> | undefined, (version: string) => string][] = [
    [
      apiAreas['Limits and usage'],
      (version) =>
        `Limits and usage per user, key and model are Serving Console's own platform's; Xinference ${version} has none (its per-model figures are in its metrics)`,
    ],
    [
      apiAreas.Alerts,
      (version) =>
        `Alerts are evaluated by Serving Console's own platform; this gateway to Xinference ${version} evaluates none`,
    ],
    [
      apiAreas.Clusters,
      () =>
        'This server is a gateway to one cluster (--endpoint) and holds no others: without --endpoint, the platform holds several (docs/clusters.md)',
    ],
    [
      { getCacheDisk: api.getCacheDisk },
      (version) =>
        `The cache's disk use is Serving Console's own platform's; Xinference ${version} lists its cached models only`,
    ],
  ]
  for (const [area, detail] of platformOnly) {
    for (const route of Object.values(area ?? {})) {
      translated(route, (_request, _reply, profile) => {
        throw new HttpError(404, detail(profile.version))
      })
    }
  }

  // Benchmarks: the gateway runs them itself against the cluster's models, through its own routes, for the
  // cluster's administrators (cluster-admin.ts); a platform upstream runs its own.
  const { benchmarks } = options
  if (benchmarks)
    await benchmarkRoutes(app, {
      benchmarks,
      admit: async (request) =>
        admitClusterAdmin(partsOf(request).upstream, request, await profileFor(request)),
      register: (route, handler) =>
        own(relayed(route), (async (request, reply) => {
          const profile = await profileFor(request)
          if (profile.kind === 'serving-console') return forward(request, reply)
          return (handler as (...args: unknown[]) => unknown).call(app, request, reply)
        }) as RouteHandler<Relayed<typeof route>>),
    })

  own(api.getServerFeatures, async (request) => {
    const profile = await profileFor(request)
    return {
      mode: 'gateway' as const,
      upstream: { address: partsOf(request).upstream.address, kind: profile.kind, version: profile.version },
      model_logs: profile.modelLogs,
      // Xinference v3's supervisor tells each model's health in its metrics; restarting is the platform's own.
      model_health: profile.clusterHealth,
      model_restart: false,
      model_fit: false,
      // The cluster's charts start when the page opens: the gateway keeps no history of its own.
      cluster_history: false,
      // Limits and usage per user and key are the platform's own: Xinference keeps only per-model figures.
      quotas: profile.kind === 'serving-console',
      alerts: profile.kind === 'serving-console',
      // Xinference's own Download only came after v3.2.1, at the same paths: a cluster that serves them can be
      // offered it once the gateway finds it out.
      downloads: profile.kind === 'serving-console',
      file_info: profile.fileInfo,
      // v3 has users, keys, security and audit at its admin paths; 1.x and 2.x sign in from an auth file.
      administration:
        profile.kind === 'xinference' && profile.major >= 3 ? ('users' as const) : ('auth_file' as const),
    }
  })

  // Xinference v3 keeps each model's health in its supervisor's metrics: its rows get it, as the platform's have
  // it. Metrics that do not answer (a user without the scope, a scrape refused) leave the rows as they are.
  translated(api.listModels, async (request, reply, profile) => {
    if (!profile.clusterHealth) return forward(request, reply)
    const { upstream } = partsOf(request)
    const signal = clientGone(reply)
    const asked = { authorization: authorization(request), signal }
    const [models, metrics] = await Promise.all([
      upstream.json('GET', upstreamPath(href(api.listModels)), asked),
      upstream
        .text('GET', href(api.getMetrics), { ...asked, maxBytes: MAX_METRICS_BYTES })
        .then((answer) => (answer.status === 200 ? answer.text : null))
        .catch(() => null),
    ])
    const list = models.body as { data?: unknown } | null
    if (models.status !== 200 || !metrics || !Array.isArray(list?.data)) {
      return reply.code(models.status).send(models.body)
    }
    const health = clusterHealth(metrics)
    return {
      ...list,
      data: list.data.map((row: unknown) => {
        const id = (row as { id?: unknown } | null)?.id
        const said = typeof id === 'string' ? health.get(id) : undefined
        return said && typeof row === 'object' ? { ...row, health: said } : row
      }),
    }
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

  translated(api.listLaunches, async (request, reply) => {
    const ask = askFor(request, reply)
    const answer = await ask('GET', '/v1/models/instances', { maxBytes: MAX_INSTANCES_BYTES })
    if (answer.status !== 200) return relay(reply, answer)
    const launches = launchesFromInstances(answer.body)
    // A progress that cannot be had (a uid the gateway will not forward, a failed call) leaves its launch as the
    // instance list has it; the listing stands.
    await Promise.allSettled(
      launches
        .filter((launch) => launch.stage !== 'failed')
        .slice(0, PROGRESS_LOOKUPS)
        .map(async (launch) => {
          const progress = await ask(
            'GET',
            upstreamPath(href(api.getLaunchProgress, { model_uid: launch.model_uid })),
            {
              maxBytes: MAX_PROGRESS_BYTES,
            },
          )
          const body = normalizeProgress(progress.body) as { progress?: unknown; stage?: unknown } | undefined
          if (typeof body?.progress === 'number') launch.progress = body.progress
          if (body?.stage === 'downloading') launch.stage = 'downloading'
        }),
    )
    return launches
  })

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
