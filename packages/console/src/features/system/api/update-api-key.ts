import { apiPaths, OkResponse, type UpdateKeyRequest } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `PUT /api/v1/admin/keys/{id}` (`keys:manage`). */
export const updateApiKey = ({ id, ...change }: UpdateKeyRequest & { id: number }) =>
  api.put(apiPaths.key(id), change, { schema: OkResponse })

/** Changes a key (enables or disables it); the list is read again either way. A refusal reaches the toast. */
export function useUpdateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.apiKeys }),
  })
}
