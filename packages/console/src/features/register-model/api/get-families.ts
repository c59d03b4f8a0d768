import { apiPaths, ModelFamilies } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { registerKeys } from './keys'

/** `GET /api/v1/models/families`: built-in family names by ability, for the LLM form's family list. */
export const familiesQuery = queryOptions({
  queryKey: registerKeys.families,
  queryFn: ({ signal }) => api.get(apiPaths.families, { schema: ModelFamilies, signal }),
  staleTime: Infinity,
})
