import { api } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { apiMutation } from './api-query'

/**
 * `POST /v1/auth/logout-all` (the platform's user store): every session of the signed-in user ends at once, on
 * every device, this one too; `onDone` then signs this page out. A failure reaches the toast.
 */
export const useSignOutEverywhere = (onDone: () => void) =>
  useMutation(
    apiMutation(api.signOutEverywhere, { send: () => ({ params: undefined, body: {} }), onSuccess: onDone }),
  )
