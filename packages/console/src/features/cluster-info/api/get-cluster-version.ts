import { apiPaths, ClusterVersion } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { CLUSTER_REFRESH_MS, deniedError } from './get-cluster-info'
import { clusterKeys } from './keys'

/** `GET /v1/cluster/version`: asked only while still unknown (SPEC §4), on the same 5 s beat. */
export const clusterVersionQuery = queryOptions({
  queryKey: clusterKeys.version,
  queryFn: ({ signal }) => api.get(apiPaths.clusterVersion, { schema: ClusterVersion, signal }),
  staleTime: Infinity,
  refetchInterval: (query) =>
    query.state.data !== undefined || deniedError(query.state.error) ? false : CLUSTER_REFRESH_MS,
  meta: { silent: true },
})
