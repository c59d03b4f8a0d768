import { apiPaths, LaunchHistory } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { modelsKey } from '../../../lib/launches'

/**
 * `GET /api/v1/launch_history?model_name=…`: this model's earlier launches kept by the server (the platform
 * records each; Xinference v3 keeps what its web UI posts). A server without it (Xinference 1.x, 2.x) answers
 * 404: the drawer then offers none, and says nothing.
 */
export const launchHistoryQuery = (modelName: string) =>
  queryOptions({
    queryKey: [...modelsKey, 'history', modelName],
    queryFn: ({ signal }) =>
      api.get(apiPaths.launchHistory(modelName), { schema: LaunchHistory, signal, reportAuthStatus: false }),
    retry: false,
    meta: { silent: true },
  })
