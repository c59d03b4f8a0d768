import { api } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { t } from '../i18n/i18n'
import { ApiError, serverErrorText, toastMessageFor } from './api-client'
import { apiKey, getRoute } from './api-query'
import { applyClusterAuth } from './auth'
import { OPENING_FRESH_MS, pollDelay } from './polling'

/** How soon a failed auth check is asked again. */
export const AUTH_RETRY_MS = 3000

/**
 * `GET /api/v1/cluster/auth`, asked whenever a screen that needs it mounts (the shell, Login), since a server may
 * switch auth on or off between visits. The answer sets the token cookie (SPEC §4) as soon as it arrives, so the
 * screen that renders with it already sees the settled cookie.
 */
export const clusterAuthQuery = queryOptions({
  queryKey: apiKey(api.getClusterAuth),
  queryFn: async ({ signal }) => {
    // Its own 401 says nothing about the user's token: no auth dialog for it (SPEC §8's auth-check message).
    const answer = await getRoute(api.getClusterAuth, undefined, undefined, {
      signal,
      reportAuthStatus: false,
    })
    applyClusterAuth(answer.auth)
    return answer
  },
  // The console's opening request (main.ts) is usually answered before the shell mounts. (LOG OUT clears the cache,
  // so Login asks anew.)
  staleTime: OPENING_FRESH_MS,
  // Until it has an answer, it asks again by itself: a server that was down is noticed when it is back.
  refetchInterval: (query) =>
    query.state.status === 'error' ? pollDelay(AUTH_RETRY_MS, query.state.error) : false,
  // Shown where the screen would be (the shell, Login), not as a toast repeated on every retry.
  meta: { silent: true },
})

/** SPEC §8's wording of a failed auth check. */
export function authCheckFailure(error: unknown): string {
  if (error instanceof ApiError) return serverErrorText(error.status, error.detail)
  return toastMessageFor(error) ?? t('common.error.unknown')
}
