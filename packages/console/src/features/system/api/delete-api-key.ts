import { apiPaths, OkResponse } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `DELETE /api/v1/admin/keys/{id}` (`keys:manage`): the key stops working at once. */
export const deleteApiKey = (id: number) => api.delete(apiPaths.key(id), { schema: OkResponse })

/** Deletes a key; the keys and the bans (a key's go with it) are read again. A refusal reaches the toast. */
export function useDeleteApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteApiKey,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: systemKeys.apiKeys })
      await queryClient.invalidateQueries({ queryKey: systemKeys.bannedKeys })
    },
  })
}
