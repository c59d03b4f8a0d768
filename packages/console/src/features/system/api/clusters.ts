import { api, type ClusterChange, type ClusterInput } from '@serving-console/contract'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiMutation, apiQuery } from '../../../lib/api-query'
import { pollDelay } from '../../../lib/polling'

/** How often the list is read again while shown: the server asks the clusters when told to (Test). */
const CLUSTERS_REFRESH_MS = 30_000

const quiet = { meta: { silent: true } } as const
/** Said by the dialog that asked, 403 included. */
const inDialog = { meta: { shownOnScreen: () => true }, request: { forbiddenShownHere: true } } as const
const clusters = [api.listClusters]

/** `GET /api/v1/clusters`: each with what the server last found there. */
export const useClusters = () =>
  useQuery(
    apiQuery(api.listClusters, undefined, undefined, {
      ...quiet,
      refetchInterval: (query) => pollDelay(CLUSTERS_REFRESH_MS, query.state.error),
    }),
  )

/** `POST /api/v1/clusters`: asked at once; kept even when it does not answer. */
export const useAddCluster = () =>
  useMutation(
    apiMutation(api.addCluster, {
      send: (cluster: ClusterInput) => ({ params: undefined, body: cluster }),
      invalidates: clusters,
      ...inDialog,
    }),
  )

/** `PUT /api/v1/clusters/{name}`: renamed, moved, or given another credential; asked again. */
export const useChangeCluster = () =>
  useMutation(
    apiMutation(api.changeCluster, {
      send: ({ name, change }: { name: string; change: ClusterChange }) => ({
        params: { name },
        body: change,
      }),
      invalidates: clusters,
      ...inDialog,
    }),
  )

export const useRemoveCluster = () =>
  useMutation(
    apiMutation(api.removeCluster, {
      send: (name: string) => ({ params: { name } }),
      invalidates: clusters,
    }),
  )

/** `POST /api/v1/clusters/{name}/test`: asked now. */
export const useTestCluster = () =>
  useMutation(
    apiMutation(api.testCluster, {
      send: (name: string) => ({ params: { name } }),
      invalidates: clusters,
    }),
  )
