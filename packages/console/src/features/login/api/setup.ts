import { api, type SetupRequest } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { ApiError, toastMessageFor } from '../../../lib/api-client'
import { apiMutation, apiQuery } from '../../../lib/api-query'

/**
 * `GET /api/v1/admin/setup/status`: whether an Xinference v3 cluster behind the gateway still needs its first
 * administrator, in which case no sign-in can work yet. Servers without the route (Xinference 1.x/2.x) simply
 * have no set-up step: its failure is silent.
 */
export const setupStatusQuery = apiQuery(api.getSetupStatus, undefined, undefined, {
  request: { reportAuthStatus: false },
  retry: false,
  meta: { silent: true },
})

/** What a refused set-up says, in its form. */
export function setupFailure(error: unknown): string {
  if (error instanceof ApiError)
    return t('shell.setup.failed', { status: String(error.status), detail: error.detail })
  return toastMessageFor(error) ?? t('shell.setup.failedUnknown')
}

/**
 * `POST /api/v1/admin/setup` (upstream v3's, and the platform's with `--auth`): the first administrator. Refused
 * with 403 once anyone exists, whoever was first; the status is read again either way.
 */
export const useSetup = (onCreated: (credentials: SetupRequest) => void) =>
  useMutation(
    apiMutation(api.setUpFirstAdmin, {
      send: (credentials: SetupRequest) => ({ params: undefined, body: credentials }),
      request: { reportAuthStatus: false },
      // Said in the set-up form itself (components/setup-form.tsx), never in a toast far from it.
      meta: { shownOnScreen: () => true },
      onSuccess: (_answer, credentials) => onCreated(credentials),
      invalidates: [api.getSetupStatus],
      alsoOnFailure: true,
    }),
  )
