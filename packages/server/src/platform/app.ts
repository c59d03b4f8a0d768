import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { fileDirectory, loadAuthFile } from '../admin/auth/auth-file.js'
import { storeDirectory, UserStore } from '../admin/auth/user-store.js'
import { loadTokenSecret } from '../admin/auth/token-secret.js'
import { privateDir } from './files/private-data.js'
import { Authenticator } from '../admin/auth/authenticator.js'
import { readBuildInfo } from '../build-info.js'
import { ModelCache } from './cache/model-cache.js'
import { Catalogue } from './catalogue/catalogue.js'
import { loadBuiltinCatalogue } from './catalogue/families.js'
import { ResourceSampler } from './cluster/resource-sampler.js'
import type { Config } from '../config.js'
import { createServer } from '../http/front-door.js'
import { installAuth } from '../admin/auth/auth-plugin.js'
import { consoleStatic } from '../http/console-static.js'
import { CustomModelsRepository } from './db/custom-models.js'
import { openDatabase } from './db/database.js'
import { ModelDirs } from './files/model-dirs.js'
import { cacheRoutes } from './routes/cache.js'
import { clusterRoutes } from './routes/cluster.js'
import { modelRoutes } from './routes/models.js'
import { modelUiRoutes } from './routes/model-ui.js'
import { metricsRoutes } from './routes/metrics.js'
import { launchHistoryRoutes } from './routes/launch-history.js'
import { LaunchHistoryRepository } from './db/launch-history.js'
import { ModelMetrics } from './metrics/model-metrics.js'
import { openaiRoutes } from './routes/openai.js'
import { modelFileRoutes } from './routes/model-files.js'
import { registrationRoutes } from './routes/registrations.js'
import { ModelManager } from './runtime/model-manager.js'
import { tokenRoutes } from '../admin/routes/token.js'
import { fitRoutes } from './routes/fit.js'
import { setupRoutes } from '../admin/routes/setup.js'
import { userRoutes } from '../admin/routes/users.js'
import { keyRoutes } from '../admin/routes/keys.js'
import { securityRoutes } from '../admin/routes/security.js'
import { auditRoutes } from '../admin/routes/audit.js'
import { installAudit } from '../admin/audit/audit-plugin.js'
import { AuditLog } from '../admin/audit/audit-log.js'
import { AuditReader } from '../admin/audit/audit-reader.js'
import { KeyStore } from '../admin/auth/api-keys.js'
import { FailureBans } from '../admin/auth/failure-bans.js'
import { GgufHeaders } from './fit/gguf-kv.js'
import { HubFiles } from './fit/hub-files.js'
import { ModelFitter } from './fit/model-fit.js'

/** The most tokens of context each sequence of a model gets (its training context when smaller). */
const CONTEXT_LIMIT = 4096

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly { method: string; url: string }[]
    /** The platform's parts, for tests and tools that drive it from inside. */
    platform: {
      catalogue: Catalogue
      customModels: CustomModelsRepository
      cache: ModelCache
      models: ModelManager
    }
  }
}

/**
 * Builds the whole platform without listening, so tests can `inject` into it. A bad auth file throws a
 * ConfigError naming the problem.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  // Users from upstream's auth file as they are; else, with --auth, from the built-in store.
  const authFile = config.authConfig ? fileDirectory(loadAuthFile(config.authConfig)) : null
  const app = createServer(config)
  // The data dir holds the users, sessions and the token secret: this account's alone (files/private-data.ts).
  const warn = (line: string) => app.log.warn(line)
  const looseDir = privateDir(config.dataDir)
  if (looseDir) warn(looseDir)
  const db = openDatabase(config.dataDir, warn)
  const audit = new AuditLog(db)
  const store = !authFile && config.authStore ? new UserStore(db) : null
  const keys = store ? new KeyStore(db) : null
  const bans = store ? new FailureBans(store.rateLimits(), Date.now, (ban) => audit.recordBan(ban)) : null
  const users =
    authFile ??
    (store && keys ? storeDirectory(store, keys, loadTokenSecret(config.dataDir, store, warn)) : null)
  const authenticator = users ? new Authenticator(users.tokens, users.directory, users.keys) : null

  // The models are made below; these ask them only when a request comes.
  const running = (uid: string) => {
    const model = models.find(uid)
    return model ? { name: model.plan.family.model_name, type: model.plan.type } : undefined
  }
  installAuth(app, authenticator, { bans: bans ?? undefined, modelTypeOf: (uid) => running(uid)?.type })
  installAudit(app, audit, running)

  // Every route, for the tests that prove each one is guarded.
  const routes: { method: string; url: string }[] = []
  app.decorate('registeredRoutes', routes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })

  const sampler = new ResourceSampler()
  app.addHook('onReady', () => sampler.start())
  app.addHook('onClose', () => sampler.stop())

  const address = () => {
    const bound = app.server.address()
    const port = typeof bound === 'object' && bound ? bound.port : config.port
    return `${config.host}:${port}`
  }

  await app.register(consoleStatic, { consoleDir: config.consoleDir })
  await app.register(tokenRoutes, { authenticator, store, bans })
  await app.register(setupRoutes, {
    store,
    reason: authFile
      ? 'This server signs its users in from its auth file (--auth-config): there is nothing to set up.'
      : 'This server runs without authentication: there is nothing to set up (start it with --auth).',
  })
  await app.register(userRoutes, {
    store,
    reason: authFile
      ? 'This server signs its users in from its auth file (--auth-config): users are managed there.'
      : 'This server runs without authentication: it has no users (start it with --auth).',
  })
  const noStore = authFile
    ? 'This server signs its users in from its auth file (--auth-config): it has no API keys or bans of its own.'
    : 'This server runs without authentication: it has no API keys or bans (start it with --auth).'
  await app.register(keyRoutes, {
    store: store && keys && bans ? { users: store, keys, bans } : null,
    reason: noStore,
  })
  await app.register(securityRoutes, { bans, reason: noStore })
  await app.register(clusterRoutes, {
    authEnabled: authenticator !== null,
    administration: store ? 'users' : authFile ? 'auth_file' : 'off',
    sampler,
    buildInfo: readBuildInfo(),
    address,
  })

  const customModels = new CustomModelsRepository(db)
  const modelDirs = new ModelDirs(config.modelDirs)
  modelDirs.ensureFirst()
  const cache = new ModelCache(config.dataDir)
  const endpoints = { huggingface: config.hfEndpoint, modelscope: config.modelscopeEndpoint }
  const catalogue = new Catalogue(loadBuiltinCatalogue(), customModels, cache)
  // The gauges read the models' load when scraped.
  const metrics = new ModelMetrics(() => models.loads())
  const models: ModelManager = new ModelManager({
    catalogue,
    cache,
    modelDirs,
    maxWorkers: config.maxWorkers,
    endpoints,
    threads: config.threads,
    contextSize: CONTEXT_LIMIT,
    machine: () => ({ address: address(), gpuCount: sampler.current().gpu.count }),
    metrics,
  })
  app.decorate('platform', { catalogue, customModels, cache, models })
  // Before the server waits for open connections: launches and streams in flight end (with 499/503), workers
  // stop, so nothing keeps the close waiting. A server killed outright loses its workers through their IPC channel.
  app.addHook('preClose', () => models.shutdown())
  app.addHook('onClose', () => db.close())

  await app.register(registrationRoutes, {
    catalogue,
    customModels,
    modelDirs,
    inUse: (name) => models.serving(name),
  })
  await app.register(modelFileRoutes, { modelDirs })
  const fitter = new ModelFitter({
    catalogue,
    cache,
    modelDirs,
    hubFiles: new HubFiles(endpoints),
    headers: new GgufHeaders(),
    machine: () => sampler.current(),
    contextLimit: CONTEXT_LIMIT,
  })
  await app.register(fitRoutes, { catalogue, fitter })
  await app.register(cacheRoutes, { cache, address })
  const history = new LaunchHistoryRepository(db)
  await app.register(modelRoutes, { models, history })
  await app.register(launchHistoryRoutes, { history })
  await app.register(openaiRoutes, { models })
  await app.register(modelUiRoutes, { models })
  await app.register(metricsRoutes, { metrics })
  const auditReader = new AuditReader(join(config.dataDir, 'platform.db'))
  app.addHook('onClose', async () => {
    await auditReader.close()
  })
  await app.register(auditRoutes, { reader: auditReader })
  return app
}
