import { apiPaths, LaunchList, type Launch } from '@serving-console/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './api-client'
import { pollDelay } from './polling'

export type { Launch }

export const inFlight = (launch: Launch) =>
  launch.stage === 'pending' || launch.stage === 'downloading' || launch.stage === 'loading'

/**
 * `GET /api/v1/models/launches`: launches in flight and those that failed, from the server, so a reload rebuilds
 * them. Polled every second while one is in flight; TanStack never starts a poll while the last is still out.
 * Shared by the launch drawer (its own launch) and Running Models (all of them).
 */
/** Every query about models (running, launches, logs), for invalidation after a model changes. */
export const modelsKey = ['models'] as const

export const launchesQuery = queryOptions({
  queryKey: [...modelsKey, 'launches'],
  queryFn: ({ signal }) => api.get(apiPaths.launches, { schema: LaunchList, signal }),
  refetchInterval: (query) => pollDelay(query.state.data?.some(inFlight) ? 1000 : 10_000, query.state.error),
  meta: { silent: true },
})

/** After a cancel or a dismissal, the launches and the running list are read again. */
function useLaunchAction(call: (uid: string) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsKey }),
  })
}

/** `POST /v1/models/{uid}/cancel`: stops a launch in flight. */
export const useCancelLaunch = () => useLaunchAction((uid) => api.post(apiPaths.cancel(uid), {}))

/** Forgets a failed or cancelled launch. */
export const useDismissLaunch = () => useLaunchAction((uid) => api.delete(apiPaths.model(uid)))
