import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { proxyTrust } from './client-view.js'
import type { Config } from '../config.js'
import { answerClientError, answerFrameworkError, installErrorHandler } from './error-handler.js'
import { installRequestGuard } from './request-guard.js'
import { installSecurityHeaders } from './security-headers.js'
import { cutStalledBodies } from './slow-bodies.js'
import { TIMEOUTS } from './timeouts.js'
import { jsonSerializerCompiler, zodValidatorCompiler } from './zod-type-provider.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order: for the tests that hold the server to the route table. */
    registeredRoutes: readonly { method: string; url: string }[]
  }
}

/**
 * A Fastify server with the front door every mode shares (platform and gateway): limits and timeouts, the
 * `{detail}` error model, zod schemas, the Host/Origin/JSON guard and the security headers. Routes come on top.
 */
export function createServer(config: Config): FastifyInstance {
  const timeouts = { ...TIMEOUTS, ...config.timeouts }
  const trust = proxyTrust(config.trustProxy)
  const app = Fastify({
    // Node checks heads and whole requests against their limits at this interval; its default (30 s) would let a
    // slow head live three times its limit.
    http: {
      headersTimeout: timeouts.headMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, timeouts.headMs / 4)),
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // The same trust decides who is asking for the sign-in limiter (request.ip) and for the front door.
    trustProxy: trust,
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
  const routes: { method: string; url: string }[] = []
  app.decorate('registeredRoutes', routes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })
  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(jsonSerializerCompiler)
  installErrorHandler(app)
  installRequestGuard(app, { listenHost: config.host, allowedHosts: config.allowedHosts, trust })
  cutStalledBodies(app, timeouts.bodyIdleMs)
  installSecurityHeaders(app)
  return app
}
