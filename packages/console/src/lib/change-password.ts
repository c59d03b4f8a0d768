import { api, type ChangePasswordRequest } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { apiMutation } from './api-query'
import { signIn } from './auth'

/**
 * `PUT /v1/auth/password` (the platform's user store): the signed-in user's own new password, proving the current
 * one; it also ends a change an administrator required. The new password ends every session of the user, this one
 * too: the answer carries a new session's tokens, which this one goes on with. A 400 says what was wrong (the
 * current password).
 */
export const useChangePassword = (onChanged: () => void) =>
  useMutation(
    apiMutation(api.changeOwnPassword, {
      send: (change: ChangePasswordRequest) => ({ params: undefined, body: change }),
      request: { reportAuthStatus: false },
      // Shown in the form itself, not as a toast.
      meta: { shownOnScreen: () => true },
      onSuccess: (answer) => {
        if (answer.access_token) signIn(answer.access_token, answer.refresh_token)
        onChanged()
      },
    }),
  )
