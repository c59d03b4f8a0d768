import { apiPaths, SetupResponse, type Scope } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

export interface NewUser {
  username: string
  password: string
  permissions: Scope[]
}

/** `POST /api/v1/admin/users`: 201 with the new user's id; 409 when the name is taken. */
export const createUser = (user: NewUser) =>
  api.post(apiPaths.users, user, { schema: SetupResponse, forbiddenShownHere: true })

/** Creates a user; the list is read again. Its failures are the dialog's to show. */
export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    meta: { shownOnScreen: () => true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.users }),
  })
}
