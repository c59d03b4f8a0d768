import { apiPaths, OkResponse, type RateLimitConfig } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `PUT /api/v1/admin/security/rate-limit` (admin). */
export const setRateLimit = (config: RateLimitConfig) =>
  api.put(apiPaths.rateLimit, config, { schema: OkResponse })

/** Saves the failure limits; they are read again. A refusal reaches the toast. */
export function useSetRateLimit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setRateLimit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.rateLimit }),
  })
}
