import { session, tokenCookie } from './storage'

/** The cookie value that means "this server needs no sign-in" (SPEC §4). */
export const NO_AUTH = 'no_auth'
/** Written when the server needs sign-in and this tab holds no token yet. */
export const NEED_AUTH = 'need_auth'

/** SPEC §4: a screen may open when the cookie says no_auth, or a session token exists. */
export function hasToken(): boolean {
  const cookie = tokenCookie.get()
  if (!cookie) return false
  return cookie === NO_AUTH || Boolean(session.get('token'))
}

/** SPEC §4: a token longer than 10 characters counts as logged in (and shows LOG OUT). */
export function isLoggedIn(): boolean {
  return (session.get('token')?.length ?? 0) > 10
}

/**
 * The scopes the signed-in user's access token says they hold (its `scopes` claim: this platform's and
 * Xinference's tokens both carry one); null when there is none to read — auth off, no token, not a JWT. For
 * what the console offers only: the server decides what each call may do.
 */
export function tokenScopes(): readonly string[] | null {
  const claims = tokenClaims()
  return Array.isArray(claims?.scopes)
    ? claims.scopes.filter((scope): scope is string => typeof scope === 'string')
    : null
}

/** Who the session's access token was issued to (its `sub`), to offer signing in again as them. */
export function tokenSubject(): string | null {
  const subject = tokenClaims()?.sub
  return typeof subject === 'string' ? subject : null
}

function tokenClaims(): { scopes?: unknown; sub?: unknown } | null {
  const token = session.get('token')
  if (tokenCookie.get() === NO_AUTH || !token) return null
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      scopes?: unknown
      sub?: unknown
    }
  } catch {
    return null
  }
}

/** Whether the signed-in user may open what needs one of `scopes` (admin opens all; unknown scopes show all). */
export function mayOpen(scopes: readonly string[]): boolean {
  const held = tokenScopes()
  return held === null || held.includes('admin') || scopes.some((scope) => held.includes(scope))
}

/** The Authorization header of SPEC §7: none when the cookie is no_auth, else the session token. */
export function authorizationHeader(): Record<string, string> {
  const token = session.get('token')
  if (tokenCookie.get() === NO_AUTH || !token) return {}
  return { Authorization: `Bearer ${token}` }
}

/** Applies the answer of `GET /api/v1/cluster/auth` to the cookie and session (SPEC §4). */
export function applyClusterAuth(authEnabled: boolean): void {
  if (!authEnabled) {
    // Written only where it says otherwise: the answer comes with each check, and a write costs the next read.
    if (tokenCookie.get() !== NO_AUTH) tokenCookie.set(NO_AUTH)
    session.remove('token', 'refreshToken')
  } else if (!session.get('token')) {
    tokenCookie.set(NEED_AUTH)
  }
}

/**
 * Successful sign-in (SPEC §4), and each renewal of it. A refresh token (Xinference v3) is kept beside the access
 * token so that an expired access token can be renewed without a new sign-in.
 */
export function signIn(accessToken: string, refreshToken?: string): void {
  session.set('token', accessToken)
  tokenCookie.set(accessToken)
  if (refreshToken) session.set('refreshToken', refreshToken)
  else session.remove('refreshToken')
}

/** The refresh token of this sign-in, if the server gave one. */
export function refreshToken(): string | null {
  return session.get('refreshToken')
}

/** A refresh token the server refused is of no further use. */
export function forgetRefreshToken(): void {
  session.remove('refreshToken')
}

/** LOG OUT (SPEC §4): the cookie and the five session items (and a refresh token) go; the caller navigates. */
export function signOut(): void {
  tokenCookie.remove()
  session.remove(
    'token',
    'refreshToken',
    'modelType',
    'lastActiveUrl',
    'runningModelType',
    'registerModelType',
  )
}
