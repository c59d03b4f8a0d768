import { apiPaths, OkResponse } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `POST /api/v1/admin/security/unban-ip`: lifts one address's ban. */
export const unbanIp = (ip: string) => api.post(apiPaths.unbanIp, { ip }, { schema: OkResponse })

export function useUnbanIp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unbanIp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.bannedIps }),
  })
}
