import { apiPaths, BannedIpList } from '@serving-console/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'
import { BANS_REFRESH_MS } from './refresh'

/** `GET /api/v1/admin/security/banned-ips` (admin): the addresses banned now, and for how long still. */
export const getBannedIps = (signal?: AbortSignal) =>
  api.get(apiPaths.bannedIps, { schema: BannedIpList, signal })

export const bannedIpsQuery = queryOptions({
  queryKey: systemKeys.bannedIps,
  queryFn: ({ signal }) => getBannedIps(signal),
  refetchInterval: BANS_REFRESH_MS,
  meta: { silent: true },
})

export const useBannedIps = () => useQuery(bannedIpsQuery)
