import { api, type Launch } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { apiMutation, apiQuery } from './api-query'
import { pollDelay } from './polling'

export type { Launch }

export const inFlight = (launch: Launch) =>
  launch.stage === 'pending' || launch.stage === 'downloading' || launch.stage === 'loading'

/**
 * Every read about models (running, launches, logs, usage, the attention strip, launch history): what a change of
 * a model makes stale.
 */
export const modelReads = [
  api.listModels,
  api.listLaunches,
  api.getModelLogs,
  api.getModelUsage,
  api.listLaunchHistory,
]

/**
 * `GET /api/v1/models/launches`: launches in flight and those that failed, from the server, so a reload rebuilds
 * them. Polled every second while one is in flight; TanStack never starts a poll while the last is still out.
 * Shared by the launch drawer (its own launch) and Running Models (all of them).
 */
export const launchesOn = (cluster?: string) =>
  apiQuery(api.listLaunches, undefined, undefined, {
    cluster,
    refetchInterval: (query) =>
      pollDelay(query.state.data?.some(inFlight) ? 1000 : 10_000, query.state.error),
    meta: { silent: true },
  })
/** This server's own launches (a cluster's: `launchesOn`, docs/clusters.md). */
export const launchesQuery = launchesOn()

/** After a cancel or a dismissal, the launches and the running list are read again, whatever the answer. */
const afterLaunchAction = { invalidates: modelReads, alsoOnFailure: true, unchecked: true } as const

/** `POST /v1/models/{uid}/cancel`: stops a launch in flight. */
export const useCancelLaunch = (cluster?: string) =>
  useMutation(
    apiMutation(api.cancelLaunch, {
      send: (uid: string) => ({ params: { model_uid: uid }, body: {}, cluster }),
      ...afterLaunchAction,
    }),
  )

/** Forgets a failed or cancelled launch. */
export const useDismissLaunch = () =>
  useMutation(
    apiMutation(api.terminateModel, {
      send: (uid: string) => ({ params: { model_uid: uid } }),
      ...afterLaunchAction,
    }),
  )
