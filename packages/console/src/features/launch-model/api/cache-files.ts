import { apiPaths, CacheList } from '@serving-console/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { launchKeys } from './keys'

/** `GET /api/v1/cache/models?model_name=`: a model's cached versions. */
export const cacheQuery = (modelName: string) =>
  queryOptions({
    queryKey: launchKeys.cache(modelName),
    queryFn: ({ signal }) => api.get(apiPaths.cacheList(modelName), { schema: CacheList, signal }),
    select: (answer) => answer.list,
  })

/** `DELETE /api/v1/cache/models?model_version=`; the removed version leaves the model's list at once. */
export function useDeleteCache(modelName: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (modelVersion: string) => api.delete(apiPaths.cacheDelete(modelVersion)),
    onSuccess: (_answer, modelVersion) =>
      queryClient.setQueryData(launchKeys.cache(modelName), (old: CacheList | undefined) =>
        old ? { ...old, list: old.list.filter((row) => row.model_version !== modelVersion) } : old,
      ),
  })
}
