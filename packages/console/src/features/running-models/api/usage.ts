import { apiPaths, ModelUsageHistory } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { pollDelay } from '../../../lib/polling'
import { HEALTH_REFRESH_MS } from '../../../lib/running-models'
import { runningKeys } from './keys'

/** `GET /api/v1/models/{uid}/usage`: the platform's own; read again while it is shown. */
export const usageQuery = (uid: string) =>
  queryOptions({
    queryKey: [...runningKeys.all, 'usage', uid],
    queryFn: ({ signal }) => api.get(apiPaths.usage(uid), { schema: ModelUsageHistory, signal }),
    refetchInterval: (query) => pollDelay(HEALTH_REFRESH_MS, query.state.error),
    meta: { silent: true },
  })
