import { api, type BenchmarkRequest } from '@serving-console/contract'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiMutation, apiQuery } from '../../../lib/api-query'
import { pollDelay } from '../../../lib/polling'

/**
 * `GET /api/v1/benchmarks`: the reports, read again every second while one runs (its progress), else every 30 s,
 * while the page shows them.
 */
export const useBenchmarks = (enabled: boolean) =>
  useQuery(
    apiQuery(api.listBenchmarks, undefined, undefined, {
      enabled,
      select: (answer) => answer.reports,
      refetchInterval: (query) =>
        pollDelay(
          query.state.data?.reports.some((report) => report.state === 'running') ? 1000 : 30_000,
          query.state.error,
        ),
    }),
  )

/** `POST /api/v1/benchmarks`: the reports are read again. */
export const useStartBenchmark = () =>
  useMutation(
    apiMutation(api.startBenchmark, {
      send: (settings: BenchmarkRequest) => ({ params: undefined, body: settings }),
      invalidates: [api.listBenchmarks],
    }),
  )

/** `POST /api/v1/benchmarks/{id}/stop`. */
export const useStopBenchmark = () =>
  useMutation(
    apiMutation(api.stopBenchmark, {
      send: (id: number) => ({ params: { benchmark_id: id } }),
      invalidates: [api.listBenchmarks],
      alsoOnFailure: true,
    }),
  )

/** `DELETE /api/v1/benchmarks/{id}`. */
export const useDeleteBenchmark = () =>
  useMutation(
    apiMutation(api.deleteBenchmark, {
      send: (id: number) => ({ params: { benchmark_id: id } }),
      invalidates: [api.listBenchmarks],
      alsoOnFailure: true,
    }),
  )
