import { apiPaths, OkResponse, type ChangePasswordRequest } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from './api-client'

/**
 * `PUT /v1/auth/password` (the platform's user store): the signed-in user's own new password, proving the current
 * one; it also ends a change an administrator required. A 400 says what was wrong (the current password).
 */
export const useChangePassword = (onChanged: () => void) =>
  useMutation({
    mutationFn: (change: ChangePasswordRequest) =>
      api.put(apiPaths.ownPassword, change, { schema: OkResponse, reportAuthStatus: false }),
    // Shown in the form itself, not as a toast.
    meta: { shownOnScreen: () => true },
    onSuccess: onChanged,
  })
