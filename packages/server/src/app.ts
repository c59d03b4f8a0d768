import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import { consoleStatic } from './plugins/console-static.js'
import { installErrorHandler } from './plugins/error-handler.js'
import { clusterRoutes } from './routes/cluster.js'
import { jsonSerializerCompiler, zodValidatorCompiler } from './zod-type-provider.js'

/** Builds the whole platform without listening, so tests can `inject` into it. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
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

  await app.register(consoleStatic, { consoleDir: config.consoleDir })
  await app.register(clusterRoutes)
  return app
}
