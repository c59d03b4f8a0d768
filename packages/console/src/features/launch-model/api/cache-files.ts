import { apiPaths, CacheList } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { launchKeys } from './keys'

/** `GET /api/v1/cache/models?model_name=`: a model's cached versions. */
export const cacheQuery = (modelName: string) =>
  queryOptions({
    queryKey: launchKeys.cache(modelName),
    queryFn: ({ signal }) => api.get(apiPaths.cacheList(modelName), { schema: CacheList, signal }),
    select: (answer) => answer.list,
  })

/** `DELETE /api/v1/cache/models?model_version=`. */
export const deleteCache = (modelVersion: string) => api.delete(apiPaths.cacheDelete(modelVersion))
