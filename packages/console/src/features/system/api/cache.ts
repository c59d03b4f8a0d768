import { api } from '@serving-console/contract'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiMutation, apiQuery } from '../../../lib/api-query'
import { pollDelay } from '../../../lib/polling'

/**
 * `GET /api/v1/cache/disk`: the platform's cache folder by folder and its disk's space, read again every 5 s while
 * the page shows it (downloads fill it).
 */
export const useCacheDisk = (enabled: boolean) =>
  useQuery(
    apiQuery(api.getCacheDisk, undefined, undefined, {
      enabled,
      refetchInterval: (query) => pollDelay(5000, query.state.error),
    }),
  )

/** `GET /api/v1/cache/models`: every cached model version, as the server (or the cluster) lists them. */
export const useCachedVersions = () =>
  useQuery(apiQuery(api.listCachedVersions, undefined, undefined, { select: (answer) => answer.list }))

/** `DELETE /api/v1/cache/models?model_version=`: the cache's lists are read again, whatever the answer. */
export const useRemoveCached = () =>
  useMutation(
    apiMutation(api.deleteCachedVersion, {
      send: (modelVersion: string) => ({ params: undefined, query: { model_version: modelVersion } }),
      invalidates: [api.listCachedVersions, api.getCacheDisk, api.listDownloads],
      alsoOnFailure: true,
      unchecked: true,
    }),
  )
