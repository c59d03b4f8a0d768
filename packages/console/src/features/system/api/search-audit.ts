import { apiPaths, AuditSearchResponse } from '@serving-console/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `GET /api/v1/audit/search?{query}` (admin): one page of the recorded requests, newest first, and the total. */
export const searchAudit = (query: string, signal?: AbortSignal) =>
  api.get(apiPaths.auditSearch(query), { schema: AuditSearchResponse, signal })

export const auditSearchQuery = (query: string) =>
  queryOptions({
    queryKey: systemKeys.auditSearch(query),
    queryFn: ({ signal }) => searchAudit(query, signal),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  })

export const useAuditSearch = (query: string) => useQuery(auditSearchQuery(query))
