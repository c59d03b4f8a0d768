import { api, type LoginRequest, type TokenResponse } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { ApiError, toastMessageFor } from '../../../lib/api-client'
import { apiMutation } from '../../../lib/api-query'
import { signIn } from '../../../lib/auth'

/** SPEC §8: 'Login failed: {status} - {detail or Unknown error}'; an unreachable server in the usual words. */
export function loginFailure(error: unknown): string {
  if (error instanceof ApiError)
    return t('shell.login.failed', { status: String(error.status), detail: error.detail })
  return toastMessageFor(error) ?? t('shell.login.failedUnknown')
}

/**
 * `POST /token`: stores the access token on success. Its own 401 is a wrong password, not an auth status. The
 * answer says whether an administrator requires a new password first (v3's `must_change_password`).
 */
export const useSignIn = (
  onSignedIn: (answer: TokenResponse) => void,
  /** Where the failure is said: a toast (Login), or the form itself (signing in again in a dialog). */
  { inForm = false }: { inForm?: boolean } = {},
) =>
  useMutation(
    apiMutation(api.signIn, {
      send: (credentials: LoginRequest) => ({ params: undefined, body: credentials }),
      request: { reportAuthStatus: false },
      meta: inForm ? { shownOnScreen: () => true } : { describe: loginFailure },
      onSuccess: (answer) => {
        signIn(answer.access_token, answer.refresh_token)
        onSignedIn(answer)
      },
    }),
  )
