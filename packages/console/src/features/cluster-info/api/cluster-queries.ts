import { api } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'
import { apiKey, apiQuery, getRoute } from '../../../lib/api-query'
import { pollDelay } from '../../../lib/polling'
import { HISTORY_LENGTH, type ResourceSample } from '../use-resource-history'

/** SPEC §9: the cluster refreshes every 5 s. */
export const CLUSTER_REFRESH_MS = 5000

/** Asking again cannot fix a 401 or 403; the auth dialog or the 403 redirect takes over. */
export const deniedError = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403)

/**
 * `GET /v1/cluster/info?detailed=true`: loaded once, then every 5 s by one timer for the whole page (upstream
 * runs three). Failures are only logged (SPEC §8).
 */
export const clusterInfoQuery = (cluster?: string) =>
  apiQuery(
    api.getClusterInfo,
    undefined,
    { detailed: true },
    {
      // This server's, or a cluster's it holds (docs/clusters.md).
      cluster,
      refetchInterval: (query) =>
        deniedError(query.state.error) ? false : pollDelay(CLUSTER_REFRESH_MS, query.state.error),
      meta: { silent: true },
    },
  )

/** `GET /v1/cluster/version`: asked only while still unknown (SPEC §4), on the same 5 s beat. */
export const clusterVersionQuery = (cluster?: string) =>
  apiQuery(api.getClusterVersion, undefined, undefined, {
    cluster,
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.data !== undefined || deniedError(query.state.error)
        ? false
        : pollDelay(CLUSTER_REFRESH_MS, query.state.error),
    meta: { silent: true },
  })

/** Five minutes: as many points as the charts hold. */
const MINUTES = 5

/**
 * `GET /api/v1/cluster/history`: the platform's own record of the machine's use, asked once as the page opens so
 * its charts start full; the page's own 5 s refresh adds to them after. A gateway keeps none (`cluster_history`).
 */
export const clusterHistoryQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: apiKey(api.getClusterHistory, undefined, { minutes: MINUTES }),
    // Kept as samples (not a `select`), so the page's history sees one array until the next read.
    queryFn: async ({ signal }): Promise<ResourceSample[]> => {
      const history = await getRoute(api.getClusterHistory, undefined, { minutes: MINUTES }, { signal })
      return history.samples.slice(-HISTORY_LENGTH).map((point) => ({
        at: point.at * 1000,
        cpu: point.cpu,
        mem: point.mem,
        gpuMem: point.gpu_mem,
      }))
    },
    enabled,
    // Read afresh each time the page opens; never again while it is open (the live samples take over).
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  })
