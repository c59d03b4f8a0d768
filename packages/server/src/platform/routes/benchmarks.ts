import { api } from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Benchmarks } from '../benchmark/benchmarks.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

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

/** Benchmarks of running models (docs/benchmarks.md). */
export async function benchmarkRoutes(app: FastifyInstance, options: { benchmarks: Benchmarks }) {
  const { benchmarks } = options
  serve(app, api.startBenchmark, async (request, reply) => {
    // The run's requests carry the starter's own credential, held for the run only.
    const headers: Record<string, string> = request.headers.authorization
      ? { authorization: request.headers.authorization }
      : {}
    const report = benchmarks.start(
      request.body,
      ownBase(request),
      headers,
      request.identity?.username ?? null,
    )
    return reply.code(201).send(report)
  })
  serve(app, api.listBenchmarks, () => ({ reports: benchmarks.list() }))
  serve(app, api.getBenchmark, (request) => benchmarks.get(request.params.benchmark_id))
  serve(app, api.stopBenchmark, (request) => benchmarks.stop(request.params.benchmark_id))
  serve(app, api.deleteBenchmark, (request) => {
    benchmarks.delete(request.params.benchmark_id)
    return { ok: true }
  })
}
