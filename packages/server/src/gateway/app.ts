import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { upstreamPath } from '@serving-console/contract'
import { proxyTrust } from '../http/client-view.js'
import type { Config } from '../config.js'
import { createServer } from '../http/front-door.js'
import { consoleStatic } from '../http/console-static.js'
import { Benchmarks } from '../platform/benchmark/benchmarks.js'
import { AlertStore } from '../platform/alerts/alert-store.js'
import { Alerting } from '../platform/alerts/alerting.js'
import { ClusterSession } from '../clusters/session.js'
import { TIMEOUTS } from '../http/timeouts.js'
import { listeningAt } from '../http/listening-at.js'
import { GatewayAlertFigures } from './gateway-alert-figures.js'
import { openDatabase } from '../platform/db/database.js'
import { privateDir } from '../platform/files/private-data.js'
import { clusterTarget } from './benchmark-target.js'
import { forward, installForwarding } from './forward.js'
import { passThrough } from './pass-through.js'
import { isOutage, ProfileDetector } from './profile.js'
import { gatewayRoutes } from './routes.js'
import { Upstream } from './upstream.js'
import { GatewayWebUis } from './web-ui.js'
import { forwardUpgrades } from './websocket.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Gateway mode only: the upstream cluster, what it was found to be, and the alerts on it. */
    gateway?: { upstream: Upstream; profiles: ProfileDetector; alerting: Alerting }
  }
}

/**
 * Gateway mode: the console in front of a real Xinference cluster. The same front door as the platform (Host
 * and cross-site checks, JSON limits, security headers), the console at /ui/, a few routes translated for the
 * upstream's version (routes.ts) and everything else forwarded to the one configured upstream as it is. The
 * gateway keeps no users and adds no credentials to a caller's request: the caller's Authorization header goes
 * upstream, and the upstream's 401/403/429 come back. It keeps benchmark reports and alerts, in the data dir; its
 * alerts read the cluster with a key of its own (`--endpoint-api-key`) where the cluster signs users in.
 */
export async function buildGatewayApp(config: Config & { endpoint: URL }): Promise<FastifyInstance> {
  const upstream = new Upstream(config.endpoint, config.timeouts)
  const profiles = new ProfileDetector(upstream)
  const pages = new GatewayWebUis()
  const trust = proxyTrust(config.trustProxy)
  const send = (request: FastifyRequest, reply: FastifyReply, path?: string) =>
    forward(upstream, trust, request, reply, path)

  const app = createServer(config)
  app.addHook('onClose', () => upstream.close())
  // Benchmark reports and alerts are what the gateway keeps: in the data dir's database, this account's alone, as
  // on the platform (docs/benchmarks.md, docs/alerts.md).
  const warn = (line: string) => app.log.warn(line)
  const looseDir = privateDir(config.dataDir)
  if (looseDir) warn(looseDir)
  const db = openDatabase(config.dataDir, warn)
  const benchmarks = new Benchmarks(db, clusterTarget(upstream, profiles))
  app.addHook('preClose', () => benchmarks.close())
  // Alerts on the cluster, evaluated here every 15 s (docs/alerts.md): its models' health and launches, and whether
  // it answers, read with the gateway's own key of it where it signs users in.
  const session = new ClusterSession(
    upstream,
    config.endpointApiKey ? { kind: 'api_key', api_key: config.endpointApiKey } : { kind: 'none' },
  )
  const figures = new GatewayAlertFigures(
    { upstream, profiles: new ProfileDetector(upstream), session },
    { ...TIMEOUTS, ...config.timeouts }.clusterProbeMs,
  )
  const alertStore = new AlertStore(db)
  const alerting = new Alerting(
    alertStore,
    { clusters: () => figures.current(), refresh: () => figures.refresh() },
    () => listeningAt(app, config),
  )
  app.decorate('gateway', { upstream, profiles, alerting })
  app.addHook('onReady', () => alerting.start())
  // Before the database closes: an evaluation under way ends first.
  app.addHook('preClose', () => alerting.stop())
  app.addHook('onClose', () => db.close())
  await installForwarding(app)

  // The upstream may come back as another version (an upgrade): find out again after it was unreachable.
  app.addHook('onError', async (_request, _reply, error) => {
    if (isOutage(error)) profiles.forget()
  })

  const upgrades = forwardUpgrades(app.server, upstream, {
    listenHost: config.host,
    allowedHosts: config.allowedHosts,
    trust,
  })
  app.addHook('preClose', (done) => {
    upgrades.closeAll()
    done()
  })
  await app.register(consoleStatic, { consoleDir: config.consoleDir })
  const parts = {
    upstream,
    profiles,
    pages,
    forward: send,
    upstreamPathOf: (request: FastifyRequest) => upstreamPath(request.url),
  }
  await app.register(async (scope) =>
    gatewayRoutes(scope, () => parts, { benchmarks, alerts: { store: alertStore, alerting } }),
  )
  await passThrough(
    app,
    (request, reply) => send(request, reply),
    (request) => pages.terminated(request.url),
  )
  return app
}
