import { BenchmarkIdParams, BenchmarkList, BenchmarkReport, BenchmarkRequest } from '../benchmarks.js'
import { OkResponse } from '../auth.js'
import { route } from './route.js'

/** Benchmarks of running models, run by the server against its own routes (docs/benchmarks.md). */
export const startBenchmark = route({
  method: 'POST',
  path: '/api/v1/benchmarks',
  upstreamAlias: false,
  summary:
    'Benchmark a running model: its requests at each concurrency level in turn (one run a model at a time)',
  body: BenchmarkRequest,
  answers: { 201: BenchmarkReport },
  access: 'admin',
  audit: 'admin',
})
export const listBenchmarks = route({
  method: 'GET',
  path: '/api/v1/benchmarks',
  upstreamAlias: false,
  summary: 'The benchmark reports, newest first',
  answers: { 200: BenchmarkList },
  access: 'admin',
  audit: 'admin',
})
export const getBenchmark = route({
  method: 'GET',
  path: '/api/v1/benchmarks/:benchmark_id',
  upstreamAlias: false,
  summary: "A benchmark's report, with its progress while it runs",
  params: BenchmarkIdParams,
  answers: { 200: BenchmarkReport },
  access: 'admin',
  audit: 'admin',
})
export const stopBenchmark = route({
  method: 'POST',
  path: '/api/v1/benchmarks/:benchmark_id/stop',
  upstreamAlias: false,
  summary: 'Stop a running benchmark, keeping the levels it finished',
  params: BenchmarkIdParams,
  answers: { 200: BenchmarkReport },
  access: 'admin',
  audit: 'admin',
})
export const deleteBenchmark = route({
  method: 'DELETE',
  path: '/api/v1/benchmarks/:benchmark_id',
  upstreamAlias: false,
  summary: 'Remove a benchmark report (not a running one)',
  params: BenchmarkIdParams,
  answers: { 200: OkResponse },
  access: 'admin',
  audit: 'admin',
})
