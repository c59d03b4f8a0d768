import { apiPaths, BannedKeyList } from '@serving-console/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'
import { BANS_REFRESH_MS } from './refresh'

/** `GET /api/v1/admin/security/banned-keys` (admin): API keys banned from one address each. */
export const getBannedKeys = (signal?: AbortSignal) =>
  api.get(apiPaths.bannedKeys, { schema: BannedKeyList, signal })

export const bannedKeysQuery = queryOptions({
  queryKey: systemKeys.bannedKeys,
  queryFn: ({ signal }) => getBannedKeys(signal),
  refetchInterval: BANS_REFRESH_MS,
  meta: { silent: true },
})

export const useBannedKeys = () => useQuery(bannedKeysQuery)
