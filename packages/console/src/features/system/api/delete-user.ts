import { apiPaths, OkResponse } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `DELETE /api/v1/admin/users/{id}`. */
export const deleteUser = (id: number) => api.delete(apiPaths.user(id), { schema: OkResponse })

/** Deletes a user; the users and keys are read again. A refusal reaches the toast. */
export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: systemKeys.users })
      await queryClient.invalidateQueries({ queryKey: systemKeys.apiKeys })
    },
  })
}
