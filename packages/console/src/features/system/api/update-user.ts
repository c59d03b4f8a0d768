import { apiPaths, OkResponse, type Scope } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

export interface UserChange {
  id: number
  enabled?: boolean
  permissions?: Scope[]
}

/** `PUT /api/v1/admin/users/{id}`: enable or disable, and/or new permissions (v3's shape). */
export const updateUser = ({ id, ...change }: UserChange, forbiddenShownHere = false) =>
  api.put(apiPaths.user(id), change, { schema: OkResponse, forbiddenShownHere })

/**
 * Changes a user; the list is read again either way (a refused change leaves the row as the server has it). The
 * server's refusals (the last administrator, scopes the caller does not hold) reach the toast, or the dialog that
 * asked when `inDialog`.
 */
export function useUpdateUser({ inDialog = false }: { inDialog?: boolean } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: UserChange) => updateUser(change, inDialog),
    meta: { shownOnScreen: () => inDialog },
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.users }),
  })
}
