import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { loadAuthFile } from './auth/auth-file.js'
import { Authenticator } from './auth/authenticator.js'
import { readBuildInfo } from './build-info.js'
import { ResourceSampler } from './cluster/resource-sampler.js'
import type { Config } from './config.js'
import { installAuth } from './plugins/auth.js'
import { consoleStatic } from './plugins/console-static.js'
import { installErrorHandler } from './plugins/error-handler.js'
import { clusterRoutes } from './routes/cluster.js'
import { tokenRoutes } from './routes/token.js'
import { jsonSerializerCompiler, zodValidatorCompiler } from './zod-type-provider.js'

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly { method: string; url: string }[]
  }
}

/**
 * Builds the whole platform without listening, so tests can `inject` into it. A bad auth file throws a
 * ConfigError naming the problem.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const authenticator = config.authConfig ? new Authenticator(loadAuthFile(config.authConfig)) : null

  const app = Fastify({
    logger: { level: config.logLevel },
    // One line per request is noise at info; debug and trace show them.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  })
  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(jsonSerializerCompiler)
  installErrorHandler(app)
  installAuth(app, authenticator)

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
  await app.register(tokenRoutes, { authenticator })
  await app.register(clusterRoutes, {
    authEnabled: authenticator !== null,
    sampler,
    buildInfo: readBuildInfo(),
    address,
  })
  return app
}
