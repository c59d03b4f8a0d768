import { api, type ClusterBrief, type RunningModel } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { apiQuery } from './api-query'
import { usePlatform } from './server-features'
import { OPENING_FRESH_MS } from './polling'
import { targetClusterStore } from './storage'

/** How often the list of clusters and their states is read again (the server asks them every 30 s). */
const STATES_EVERY_MS = 30_000

/**
 * `GET /api/v1/clusters/states`: the clusters the platform holds besides itself, by name, and whether each answered
 * when the server last asked (docs/clusters.md). Its failure is no cluster shown, said by nothing: the screens
 * keep working with this server's own models.
 */
export const clusterStatesQuery = apiQuery(api.listClusterStates, undefined, undefined, {
  select: (answer) => answer.clusters,
  // Asked with the opening screen's requests (app/layout/prefetch-frame.ts), not again as the frame mounts.
  staleTime: OPENING_FRESH_MS,
  // A server without clusters to tell of (a gateway's 404) or a user who may not see them is not asked again.
  refetchInterval: (query) => (query.state.error ? false : STATES_EVERY_MS),
  request: { reportAuthStatus: false },
  meta: { silent: true },
})

/** The clusters held by this server (a platform's; a gateway holds none), in the order they were added. */
export function useClusters(): ClusterBrief[] {
  // Asked at once, beside the server's features (the frame waits for both: app-layout.tsx); a gateway answers 404.
  const clusters = useQuery(clusterStatesQuery).data
  return (usePlatform() && clusters) || EMPTY
}
const EMPTY: ClusterBrief[] = []

/**
 * A running model as the console lists it: this server's own, or one of a cluster it holds; `unanswered` where
 * that cluster does not answer now (the row is as it was last seen).
 */
export type ListedModel = RunningModel & { cluster?: string; unanswered?: true }

/** How a listed model is named to clients of this server, and told apart in lists: `cluster/uid` or its uid. */
export const listedName = (row: ListedModel) => (row.cluster ? `${row.cluster}/${row.id}` : row.id)

/**
 * The cluster Launch and Register work on, and its setter: the last one chosen (kept in the browser), while the
 * server still holds it; this server's own otherwise.
 */
export function useTargetCluster(): [string | undefined, (cluster: string | undefined) => void] {
  const clusters = useClusters()
  const [chosen, setChosen] = useState(() => targetClusterStore.get() ?? undefined)
  // Until the list has come, the kept choice stands (its screens start at once); a cluster since removed falls back.
  const held = chosen === undefined || clusters.length === 0 || clusters.some((one) => one.name === chosen)
  const choose = (cluster: string | undefined) => {
    targetClusterStore.set(cluster ?? null)
    setChosen(cluster)
  }
  return [held ? chosen : undefined, choose]
}
