import { apiPaths, OkResponse } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `POST /api/v1/admin/security/unban-key`: lifts one key's ban from one address. */
export const unbanKey = (ban: { ip: string; key_id: number }) =>
  api.post(apiPaths.unbanKey, ban, { schema: OkResponse })

export function useUnbanKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unbanKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.bannedKeys }),
  })
}
