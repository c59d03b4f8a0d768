import { apiPaths, ClusterHistory } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { HISTORY_LENGTH, type ResourceSample } from '../use-resource-history'
import { clusterKeys } from './keys'

/** Five minutes: as many points as the charts hold. */
const MINUTES = 5

/**
 * `GET /api/v1/cluster/history`: the platform's own record of the machine's use, asked once as the page opens so
 * its charts start full; the page's own 5 s refresh adds to them after. A gateway keeps none (`cluster_history`).
 */
export const clusterHistoryQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: clusterKeys.history,
    queryFn: async ({ signal }): Promise<ResourceSample[]> => {
      const history = await api.get(apiPaths.clusterHistory(MINUTES), { schema: ClusterHistory, signal })
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
