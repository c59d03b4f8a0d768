import { apiPaths, ClusterVersion } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { CLUSTER_REFRESH_MS, deniedError } from './get-cluster-info'
import { pollDelay } from '../../../lib/polling'
import { clusterKeys } from './keys'

/** `GET /v1/cluster/version`: asked only while still unknown (SPEC §4), on the same 5 s beat. */
export const clusterVersionQuery = queryOptions({
  queryKey: clusterKeys.version,
  queryFn: ({ signal }) => api.get(apiPaths.clusterVersion, { schema: ClusterVersion, signal }),
  staleTime: Infinity,
  refetchInterval: (query) =>
    query.state.data !== undefined || deniedError(query.state.error)
      ? false
      : pollDelay(CLUSTER_REFRESH_MS, query.state.error),
  meta: { silent: true },
})
