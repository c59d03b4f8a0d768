import { apiPaths, SetupResponse, type SetupRequest } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api, ApiError, toastMessageFor } from '../../../lib/api-client'
import { setupStatusQuery } from './get-setup-status'

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
export function useSetup(onCreated: (credentials: SetupRequest) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (credentials: SetupRequest) =>
      api.post(apiPaths.setup, credentials, { schema: SetupResponse, reportAuthStatus: false }),
    // Said in the set-up form itself (components/setup-form.tsx), never in a toast far from it.
    meta: { shownOnScreen: () => true },
    onSuccess: (_answer, credentials) => onCreated(credentials),
    onSettled: () => queryClient.invalidateQueries({ queryKey: setupStatusQuery.queryKey }),
  })
}
