import { api, type CacheList } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { apiMutation, apiQuery } from '../../../lib/api-query'

/** `GET /api/v1/cache/models?model_name=`: a model's cached versions. */
export const cacheQuery = (modelName: string, cluster?: string) =>
  apiQuery(
    api.listCachedVersions,
    undefined,
    { model_name: modelName },
    { cluster, select: (answer) => answer.list },
  )

/** `DELETE /api/v1/cache/models?model_version=`; the removed version leaves the model's list at once. */
export const useDeleteCache = (modelName: string, cluster?: string) =>
  useMutation(
    apiMutation(api.deleteCachedVersion, {
      send: (modelVersion: string) => ({
        params: undefined,
        query: { model_version: modelVersion },
        cluster,
      }),
      unchecked: true,
      onSuccess: (_answer, modelVersion, _result, { client }) =>
        client.setQueryData(cacheQuery(modelName, cluster).queryKey, (old: CacheList | undefined) =>
          old ? { ...old, list: old.list.filter((row) => row.model_version !== modelVersion) } : old,
        ),
    }),
  )
