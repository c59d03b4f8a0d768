import { apiPaths, OkResponse } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `PUT /api/v1/admin/users/{id}/password`: a new password, which the user must change at the next sign-in. */
export const resetPassword = ({ id, password }: { id: number; password: string }) =>
  api.put(
    apiPaths.userPassword(id),
    { new_password: password },
    { schema: OkResponse, forbiddenShownHere: true },
  )

/** Sets a user's password; the list is read again (it says the user must change it). Failures: the dialog's. */
export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetPassword,
    meta: { shownOnScreen: () => true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.users }),
  })
}
