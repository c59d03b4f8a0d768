import { apiPaths, UnbannedResponse } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `POST /api/v1/admin/security/unban-all-keys`: no body, hence no JSON content type (see unban-all-ips.ts). */
export const unbanAllKeys = () => api.post(apiPaths.unbanAllKeys, undefined, { schema: UnbannedResponse })

export function useUnbanAllKeys() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unbanAllKeys,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.bannedKeys }),
  })
}
