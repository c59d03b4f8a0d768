import type { FastifyInstance } from 'fastify'
import type { PlatformParts } from './parts.js'
import { cacheRoutes } from './routes/cache.js'
import { downloadRoutes } from './routes/downloads.js'
import { benchmarkRoutes } from './routes/benchmarks.js'
import { clusterRoutes, type ClusterOptions } from './routes/cluster.js'
import { fitRoutes } from './routes/fit.js'
import { launchHistoryRoutes } from './routes/launch-history.js'
import { messagesRoutes } from './routes/messages.js'
import { metricsRoutes } from './routes/metrics.js'
import { modelFileRoutes } from './routes/model-files.js'
import { modelUiRoutes } from './routes/model-ui.js'
import { modelRoutes } from './routes/models.js'
import { openaiRoutes } from './routes/openai.js'
import { registrationRoutes } from './routes/registrations.js'

/** The platform's routes: the cluster, models and their files, fit, cache, launches, inference and metrics. */
export async function platformRoutes(app: FastifyInstance, parts: PlatformParts, machine: ClusterOptions) {
  const {
    catalogue,
    customModels,
    cache,
    modelDirs,
    models,
    metrics,
    fitter,
    history,
    downloads,
    files,
    benchmarks,
  } = parts
  await app.register(clusterRoutes, machine)
  await app.register(registrationRoutes, {
    catalogue,
    customModels,
    modelDirs,
    inUse: (name) => models.serving(name),
  })
  await app.register(modelFileRoutes, { modelDirs })
  await app.register(fitRoutes, { catalogue, fitter })
  await app.register(cacheRoutes, {
    cache,
    address: machine.address,
    usedBy: (version) =>
      models
        .listed()
        .filter((model) => model.active && model.version === version)
        .map((model) => model.uid),
    downloading: (version) => files.downloading(version),
    tasks: downloads,
  })
  await app.register(downloadRoutes, { tasks: downloads })
  // The admin scope is checked by the access hook, as for every route; the run is started by who is signed in.
  await app.register(benchmarkRoutes, {
    benchmarks,
    admit: async (request) => ({ by: request.identity?.username ?? null }),
  })
  await app.register(modelRoutes, { models, history })
  await app.register(launchHistoryRoutes, { history })
  await app.register(openaiRoutes, { models })
  await app.register(messagesRoutes, { models })
  await app.register(modelUiRoutes, { models })
  await app.register(metricsRoutes, { metrics })
}
