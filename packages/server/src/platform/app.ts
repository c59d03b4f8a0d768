import type { FastifyInstance } from 'fastify'
import { authMode, installAdmin } from '../admin/admin-plugin.js'
import { readBuildInfo } from '../build-info.js'
import { alertRoutes } from './alerts/alert-routes.js'
import { Alerting } from './alerts/alerting.js'
import { AlertStore } from './alerts/alert-store.js'
import type { Config } from '../config.js'
import { consoleStatic } from '../http/console-static.js'
import { createServer } from '../http/front-door.js'
import { ResourceSampler } from './cluster/resource-sampler.js'
import { openDatabase } from './db/database.js'
import { ClusterAlertFigures } from '../clusters/cluster-figures.js'
import { ClusterRequests } from '../clusters/cluster-requests.js'
import { listeningAt } from '../http/listening-at.js'
import { clusterRoutes } from '../clusters/routes.js'
import { clusterGateways } from '../clusters/cluster-gateway.js'
import { ClusterModels, inferenceOnClusters } from '../clusters/model-routing.js'
import { installForwarding } from '../gateway/forward.js'
import { proxyTrust } from '../http/client-view.js'
import { privateDir } from './files/private-data.js'
import { platformParts, type PlatformParts } from './parts.js'
import { platformRoutes } from './platform-routes.js'
import { LimitStore } from './quota/limit-store.js'
import { Quota } from './quota/quota.js'
import { installQuotas } from './quota/quota-plugin.js'
import { quotaRoutes } from './quota/quota-routes.js'
import { limitsSet } from './quota/subjects.js'
import { UsageMetrics } from './quota/usage-metrics.js'
import { UsageStore } from './quota/usage-store.js'
import { WorkerTime } from './quota/worker-time.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform's parts, for tests and tools that drive it from inside. */
    platform: Pick<PlatformParts, 'catalogue' | 'customModels' | 'cache' | 'models'> & { alerting: Alerting }
  }
}

/**
 * Builds the whole platform without listening, so tests can `inject` into it: the front door, the data dir and
 * its database, administration (sign-in, users, keys, bans, audit), the platform's parts and their routes. A bad
 * auth file throws a ConfigError naming the problem.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const mode = authMode(config)
  const app = createServer(config)
  // The data dir holds the users, sessions and the token secret: this account's alone (files/private-data.ts).
  const warn = (line: string) => app.log.warn(line)
  const looseDir = privateDir(config.dataDir)
  if (looseDir) warn(looseDir)
  const db = openDatabase(config.dataDir, warn)

  const sampler = new ResourceSampler()
  app.addHook('onReady', () => sampler.start())
  app.addHook('onClose', () => sampler.stop())
  const address = () => listeningAt(app, config)
  const parts = platformParts(config, db, { sampler, address })
  const { catalogue, customModels, cache, models } = parts
  // Before the server waits for open connections: launches and streams in flight end (with 499/503), workers
  // stop, so nothing keeps the close waiting. A server killed outright loses its workers through their IPC channel.
  // Each model's worker time, its last interval counted before the workers stop (the hooks run in order).
  const usage = new UsageStore(db)
  const workerTime = new WorkerTime(usage, () => models.workerTime())
  app.addHook('onReady', () => workerTime.start())
  app.addHook('preClose', () => workerTime.stop())
  // Downloads stop where they are (their tasks resume at the next start), before the workers stop.
  app.addHook('onReady', () => parts.downloads.resumeUnfinished())
  app.addHook('preClose', () => {
    parts.downloads.close()
    parts.benchmarks.close()
  })
  app.addHook('preClose', () => models.shutdown())
  app.addHook('onClose', () => db.close())

  // First: its hooks cover every route after it.
  const administration = await installAdmin(app, {
    mode,
    db,
    dataDir: config.dataDir,
    warn,
    modelOf: (uid) => {
      const model = models.find(uid)
      return model ? { name: model.plan.family.model_name, type: model.plan.type } : undefined
    },
  })
  // Before the inference routes: its hook covers them.
  const modelRuns = (uid: string) => models.find(uid) !== undefined
  const limits = new LimitStore(db)
  // The requests to the clusters' models through here, for the alert rules on requests (docs/alerts.md): of the
  // models they list.
  const clusterRequests = new ClusterRequests((model) => clusterFigures.lists(model))
  const quota = new Quota(limits, usage)
  installQuotas(app, {
    quota,
    usage,
    metrics: new UsageMetrics(parts.metrics.registry),
    modelRuns,
    listedOnCluster: (model) => clusterFigures.lists(model),
    // A model here, else a cluster's (`cluster/uid`, the only other names counted).
    refused: (model, at) => {
      const here = models.find(model)
      if (here) here.usage.refuse(at)
      else clusterRequests.refuse(model, at)
    },
    servedOnCluster: (model, served) => clusterRequests.record(model, served),
  })
  const { clusters } = parts
  app.addHook('onReady', () => clusters.watch())
  app.addHook('onClose', () => clusters.close())
  // Alerts: evaluated by the server itself every 15 s (docs/alerts.md), over the clusters' models too.
  const clusterFigures = new ClusterAlertFigures(clusters, clusters.timeouts.clusterProbeMs)
  // Where a model a client names runs among them: for the inference routes, and for a cluster's model's limits.
  const clusterModels = new ClusterModels(clusters, clusters.timeouts.clusterProbeMs)
  const alertStore = new AlertStore(db)
  const alerting = new Alerting(
    alertStore,
    {
      models: () => models.listed(),
      launches: () => models.launches(),
      machine: () => sampler.current(),
      cacheDir: cache.root,
      softLimits: () =>
        limitsSet(limits, quota, administration.store).flatMap((set) => {
          const soft = set.limits.soft_budget
          return soft === null || soft <= 0
            ? []
            : [{ subject: `${set.subject_type}:${set.label}`, value: (set.usage.budget_used / soft) * 100 }]
        }),
      clusters: () => clusterFigures.current(),
      clusterRequests: (model, now) => clusterRequests.recent(model, now),
      refresh: () => clusterFigures.refresh(),
    },
    address,
  )
  app.addHook('onReady', () => alerting.start())
  // Before the database closes (onClose): an evaluation under way ends first.
  app.addHook('preClose', () => alerting.stop())
  app.decorate('platform', { catalogue, customModels, cache, models, alerting })
  await app.register(quotaRoutes, {
    quota,
    limits,
    usage,
    store: administration.store,
    reason: administration.noStoreReason,
    modelTypeOf: (uid) => models.find(uid)?.plan.type,
    runsOnCluster: (model) => clusterModels.runs(model),
  })
  await app.register(alertRoutes, { store: alertStore, alerting })
  await app.register(clusterRoutes, { clusters })
  // Each cluster's routes under /clusters/{name}, and the platform's inference routes reaching their models.
  const trust = proxyTrust(config.trustProxy)
  await installForwarding(app)
  await clusterGateways(app, { clusters, trust })
  inferenceOnClusters(app, {
    models: clusterModels,
    runsHere: modelRuns,
    trust,
  })
  await app.register(consoleStatic, { consoleDir: config.consoleDir })
  const { store: _store, noStoreReason: _reason, ...told } = administration
  await platformRoutes(app, parts, { ...told, sampler, address, buildInfo: readBuildInfo() })
  return app
}
