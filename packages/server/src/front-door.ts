import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import { answerClientError, answerFrameworkError, installErrorHandler } from './plugins/error-handler.js'
import { installRequestGuard } from './plugins/request-guard.js'
import { installSecurityHeaders } from './plugins/security-headers.js'
import { jsonSerializerCompiler, zodValidatorCompiler } from './zod-type-provider.js'

/**
 * A Fastify server with the front door every mode shares (platform and gateway): limits, the `{detail}` error
 * model, zod schemas, the Host/Origin/JSON guard and the security headers. Routes come on top.
 */
export function createServer(config: Config): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Names are at most 64 characters; longer ones still reach a route, to be answered with `{detail}`.
    routerOptions: { maxParamLength: 1024 },
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // One line per request is noise at info; debug and trace show them.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  })
  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(jsonSerializerCompiler)
  installErrorHandler(app)
  installRequestGuard(app, { listenHost: config.host, allowedHosts: config.allowedHosts })
  installSecurityHeaders(app)
  return app
}
