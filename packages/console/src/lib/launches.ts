import { apiPaths } from '@serving-console/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from './api-client'

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

export const inFlight = (launch: Launch) => launch.stage !== 'failed' && launch.stage !== 'cancelled'

/**
 * `GET /api/v1/models/launches`: launches in flight and those that failed, from the server, so a reload rebuilds
 * them. Polled every second while one is in flight; TanStack never starts a poll while the last is still out.
 * Shared by the launch drawer (its own launch) and Running Models (all of them).
 */
export const launchesQuery = queryOptions({
  queryKey: ['models', 'launches'],
  queryFn: ({ signal }) => api.get('/api/v1/models/launches', { schema: z.array(Launch), signal }),
  refetchInterval: (query) => (query.state.data?.some(inFlight) ? 1000 : 10_000),
  meta: { silent: true },
})

/** After a cancel or a dismissal, the launches and the running list are read again. */
function useLaunchAction(call: (uid: string) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['models'] }),
  })
}

/** `POST /v1/models/{uid}/cancel`: stops a launch in flight. */
export const useCancelLaunch = () => useLaunchAction((uid) => api.post(`${apiPaths.model(uid)}/cancel`, {}))

/** Forgets a failed or cancelled launch. */
export const useDismissLaunch = () => useLaunchAction((uid) => api.delete(apiPaths.model(uid)))
