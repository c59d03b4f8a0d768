import { api } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/api-query'

/** `GET /api/v1/quota`: the caller's own limits and what remains of them, read again each minute while shown. */
export const useQuota = () =>
  useQuery(apiQuery(api.getQuota, undefined, undefined, { meta: { silent: true }, refetchInterval: 60_000 }))
