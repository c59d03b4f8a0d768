import { t } from '../../i18n/i18n'
import { ApiError, serverErrorText, toastMessageFor } from '../../lib/api-client'

/**
 * What a failed change says in the dialog that asked for it: the server's reason (a 403's too: "Cannot grant
 * permissions you do not hold"), framed as every server error is.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return serverErrorText(error.status, error.detail)
  return toastMessageFor(error) ?? t('common.error.unknown')
}
