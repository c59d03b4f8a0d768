import { apiPaths, AuditFilterOptions } from '@serving-console/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `GET /api/v1/audit/filter-options` (admin): the values recorded, as suggestions for the filters. */
export const getAuditFilterOptions = (signal?: AbortSignal) =>
  api.get(apiPaths.auditFilterOptions, { schema: AuditFilterOptions, signal })

export const auditFilterOptionsQuery = queryOptions({
  queryKey: systemKeys.auditFilterOptions,
  queryFn: ({ signal }) => getAuditFilterOptions(signal),
  staleTime: 60_000,
  // Suggestions only: without them the filters still work.
  meta: { silent: true },
})

export const useAuditFilterOptions = () => useQuery(auditFilterOptionsQuery)
