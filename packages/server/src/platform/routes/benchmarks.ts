import { api, type Route } from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Benchmarks } from '../benchmark/benchmarks.js'
import { HttpError } from '../../http/http-error.js'
import { serve, type RouteHandler } from '../../http/serve.js'

/** This server's own address on loopback, where a benchmark's requests go (the routes any client calls). */
function ownBase(request: FastifyRequest): string {
  const address = request.server.server.address()
  if (!address || typeof address === 'string')
    throw new HttpError(
      503,
      'The server is not listening on a port: a benchmark has nowhere to send its requests',
    )
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address
  return `http://${host}:${address.port}`
}

export interface BenchmarkRouteOptions {
  benchmarks: Benchmarks
  /**
   * Who is asking, once they may: on the platform its access hook has checked the admin scope already; the gateway
   * asks the cluster (`gateway/cluster-admin.ts`). Throws the 401/403 otherwise.
   */
  admit: (request: FastifyRequest) => Promise<{ by: string | null }>
  /** Registers a route: `serve` on the platform; the gateway's own, which passes through to a platform upstream. */
  register?: <R extends Route>(route: R, handler: RouteHandler<R>) => void
}

/** Benchmarks of running models (docs/benchmarks.md), on the platform and through the gateway alike. */
export async function benchmarkRoutes(app: FastifyInstance, options: BenchmarkRouteOptions) {
  const { benchmarks, admit } = options
  const register = options.register ?? ((route, handler) => serve(app, route, handler))
  register(api.startBenchmark, async (request, reply) => {
    const { by } = await admit(request)
    // The run's requests carry the starter's own credential, held for the run only.
    const headers: Record<string, string> = request.headers.authorization
      ? { authorization: request.headers.authorization }
      : {}
    const report = await benchmarks.start(request.body, ownBase(request), headers, by)
    return reply.code(201).send(report)
  })
  register(api.listBenchmarks, async (request) => {
    await admit(request)
    return { reports: benchmarks.list() }
  })
  register(api.getBenchmark, async (request) => {
    await admit(request)
    return benchmarks.get(request.params.benchmark_id)
  })
  register(api.stopBenchmark, async (request) => {
    await admit(request)
    return benchmarks.stop(request.params.benchmark_id)
  })
  register(api.deleteBenchmark, async (request) => {
    await admit(request)
    benchmarks.delete(request.params.benchmark_id)
    return { ok: true }
  })
}
