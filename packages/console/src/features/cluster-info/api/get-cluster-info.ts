import { apiPaths, ClusterInfo } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api-client'
import { pollDelay } from '../../../lib/polling'
import { clusterKeys } from './keys'

/** SPEC §9: the cluster refreshes every 5 s. */
export const CLUSTER_REFRESH_MS = 5000

/** Asking again cannot fix a 401 or 403; the auth dialog or the 403 redirect takes over. */
export const deniedError = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403)

/**
 * `GET /v1/cluster/info?detailed=true`: loaded once, then every 5 s by one timer for the whole page (upstream
 * runs three). Failures are only logged (SPEC §8).
 */
export const clusterInfoQuery = queryOptions({
  queryKey: clusterKeys.info,
  queryFn: ({ signal }) => api.get(apiPaths.clusterInfo, { schema: ClusterInfo, signal }),
  refetchInterval: (query) =>
    deniedError(query.state.error) ? false : pollDelay(CLUSTER_REFRESH_MS, query.state.error),
  meta: { silent: true },
})
