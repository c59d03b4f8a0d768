import { ApiKeyList, apiPaths } from '@serving-console/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `GET /api/v1/admin/keys`: everyone's keys for `keys:manage`, the caller's own for `keys:create`. */
export const getApiKeys = (signal?: AbortSignal) => api.get(apiPaths.keys, { schema: ApiKeyList, signal })

export const apiKeysQuery = queryOptions({
  queryKey: systemKeys.apiKeys,
  queryFn: ({ signal }) => getApiKeys(signal),
  meta: { silent: true },
})

export const useApiKeys = () => useQuery(apiKeysQuery)
