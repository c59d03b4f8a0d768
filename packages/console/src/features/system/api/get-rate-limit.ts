import { apiPaths, RateLimitConfig } from '@serving-console/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `GET /api/v1/admin/security/rate-limit` (admin): the failure limits per address, and per address and key. */
export const getRateLimit = (signal?: AbortSignal) =>
  api.get(apiPaths.rateLimit, { schema: RateLimitConfig, signal })

export const rateLimitQuery = queryOptions({
  queryKey: systemKeys.rateLimit,
  queryFn: ({ signal }) => getRateLimit(signal),
  meta: { silent: true },
})

export const useRateLimit = () => useQuery(rateLimitQuery)
