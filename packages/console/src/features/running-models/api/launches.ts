import { apiPaths } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../../lib/api-client'
import { runningKeys } from './keys'

const Launch = z.looseObject({
  model_uid: z.string(),
  model_name: z.string(),
  model_type: z.string(),
  stage: z.enum(['pending', 'downloading', 'loading', 'failed', 'cancelled']),
  progress: z.number(),
  error: z.string().nullable(),
  download: z
    .looseObject({
      name: z.string(),
      downloaded_bytes: z.number(),
      total_bytes: z.number().nullable(),
      speed_bytes_per_second: z.number(),
    })
    .nullable(),
})
export type Launch = z.infer<typeof Launch>

const inFlight = (launch: Launch) => launch.stage !== 'failed' && launch.stage !== 'cancelled'

/**
 * Launches in flight and those that failed, from the server, so a reload rebuilds them. Polled every second
 * while one is in flight; TanStack never starts a poll while the previous one is still out.
 */
export const launchesQuery = queryOptions({
  queryKey: runningKeys.launches,
  queryFn: ({ signal }) => api.get('/api/v1/models/launches', { schema: z.array(Launch), signal }),
  refetchInterval: (query) => (query.state.data?.some(inFlight) ? 1000 : 10_000),
  meta: { silent: true },
})

export const cancelLaunch = (uid: string) => api.post(`${apiPaths.model(uid)}/cancel`, {})
/** Forgets a failed or cancelled launch. */
export const dismissLaunch = (uid: string) => api.delete(apiPaths.model(uid))

const LogAnswer = z.looseObject({ model_uid: z.string(), lines: z.array(z.string()) })

export const logsQuery = (uid: string, tail: number, follow: boolean) =>
  queryOptions({
    queryKey: runningKeys.logs(uid, tail),
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.model(uid)}/logs?tail=${tail}`, { schema: LogAnswer, signal }),
    refetchInterval: follow ? 2000 : false,
    select: (answer) => answer.lines,
  })
