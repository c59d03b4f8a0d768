import { apiPaths, EngineMap } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { launchKeys } from './keys'

/** `GET /api/v1/engines/{model_name}`: engine → specs, or the reason an engine cannot run it. */
export const enginesQuery = (modelName: string) =>
  queryOptions({
    queryKey: launchKeys.engines(modelName),
    queryFn: ({ signal }) => api.get(apiPaths.engines(modelName), { schema: EngineMap, signal }),
    staleTime: 5 * 60_000,
  })
