import { apiPaths, UnbannedResponse } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/**
 * `POST /api/v1/admin/security/unban-all-ips`: no body, so none is sent — and no JSON content type with it, which
 * Fastify refuses on an empty body (`api.post` adds the header only for a body that is not `undefined`).
 */
export const unbanAllIps = () => api.post(apiPaths.unbanAllIps, undefined, { schema: UnbannedResponse })

export function useUnbanAllIps() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unbanAllIps,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.bannedIps }),
  })
}
