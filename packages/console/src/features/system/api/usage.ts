import { api } from '@serving-console/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/api-query'

const quiet = { meta: { silent: true } } as const

/**
 * `GET /api/v1/usage?{query}`: usage by step, user, key and model (everyone's for whoever manages users, else the
 * caller's own). The rows shown stay while the next period loads.
 */
export const useUsage = (query: string) =>
  useQuery(apiQuery(api.getUsage, undefined, query, { ...quiet, placeholderData: keepPreviousData }))
