import { api as routes, href, TokenResponse, type RefreshRequest } from '@serving-console/contract'
import type * as z from 'zod/mini'
import { t } from '../i18n/i18n'
import { ApiError, describeMismatch, detailOf } from './api-errors'
import { authorizationHeader, forgetRefreshToken, hasToken, refreshToken, signIn } from './auth'
import { listHead } from './list-head'
import { passesAsIs } from './quick-check'
import { signedInAgain } from './session-resume'
import { authStatusStore, type AuthStatus } from './storage'

export { ApiError, detailOf, serverErrorText, toastMessageFor } from './api-errors'

/** The API base of SPEC §1: the page address with the /ui suffix cut off. */
export function apiBase(location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  const at = location.pathname.lastIndexOf('/ui')
  const prefix = at >= 0 ? location.pathname.slice(0, at) : location.pathname.replace(/\/+$/, '')
  return location.origin + prefix
}

/** The request whose 403 opened the Permission Error dialog. */
let refused: { method: string; path: string } | null = null

/**
 * The recorded 403's request, for the Permission Error dialog to name what it needed (lib/refused-permission.ts):
 * the lookup in the route table is made there, in the dialog's own chunk, not on the first screen.
 */
export const refusedRequest = () => refused

/**
 * SPEC §4: a 401/403 is recorded once per value, and the auth dialog hears of it through `auth-status`. A 403
 * keeps the permission its route needs (the contract's route table, the same scope names as upstream v3's).
 */
function recordAuthStatus(status: AuthStatus, method: Method, path: string) {
  if (authStatusStore.get() === status) return
  if (status === '403') refused = { method, path }
  authStatusStore.set(status)
  window.dispatchEvent(new Event('auth-status'))
}

export interface RequestOptions<T> {
  /** Contract schema the answer must match. */
  schema?: z.ZodMiniType<T>
  body?: unknown
  signal?: AbortSignal
  /** False for calls whose 401 means "wrong password", not "signed out" (sign-in). */
  reportAuthStatus?: boolean
  /** A 403 that the calling screen says itself (a dialog's own error line): no Permission Error dialog over it. */
  forbiddenShownHere?: boolean
  /**
   * For a long list (the LLM catalogue is 1–4 MiB): called with its first entries, those whole in the first
   * HEAD_BYTES, when they pass `schema` as they are. The whole answer is then parsed and checked once the page is
   * idle, after the head is on screen (4× catalogue: the first card ~35 ms sooner, docs/decisions/0017). The call still
   * resolves with the whole answer, or fails as any other.
   */
  onHead?: (head: T) => void
  /** What the answer is taken as (`Accept`): JSON unless said (the audit's CSV). */
  accept?: string
}

/**
 * Answers are read as bytes and decoded here: what `response.text()` does, but the page's main thread spends ~40 %
 * less on a 4 MiB catalogue (Chromium decodes `text()` chunk by chunk as it arrives, ~3× slower; docs/decisions/0016).
 */
const utf8 = new TextDecoder()

/**
 * What `onHead` is given: a screenful (~30 of v1.8's catalogue families, ~12 of v3.2's). Answers up to twice this
 * are read at once.
 */
const HEAD_BYTES = 256 * 1024

/** Gives `onHead` the entries whole in the answer's first HEAD_BYTES, if they pass the schema as they are. */
function showHead<T>(bytes: ArrayBuffer, { schema, onHead }: RequestOptions<T>): boolean {
  if (!onHead) return false
  const head = listHead(utf8.decode(new Uint8Array(bytes, 0, HEAD_BYTES)))
  if (!head || (schema && !passesAsIs(schema, head))) return false
  onHead(head as T)
  return true
}

/** Resolves when the page is idle (it has painted what the head brought), or after 300 ms at the latest. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 300 })
    else setTimeout(resolve, 50)
  })

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD'

let renewal: Promise<boolean> | null = null

/**
 * Signing out revokes the refresh token where the server keeps them (Xinference v3, the platform's user store):
 * `POST /v1/auth/logout`, sent even as the page moves on; a server without the route, or gone, changes nothing.
 */
export function revokeRefreshToken(): void {
  const refresh_token = refreshToken()
  if (!refresh_token) return
  void fetch(apiBase() + href(routes.signOut), {
    method: 'POST',
    keepalive: true,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token }),
  }).catch(() => undefined)
}

/**
 * Access tokens of Xinference v3 last 30 minutes (the platform's user store: an hour), refresh tokens a week: an
 * expired access token is renewed with `POST /v1/auth/refresh` instead of sending the user to sign in again. Calls that meet the 401 together
 * share one renewal. False when there is nothing to renew with or the server refuses (then the 401 stands).
 */
function renewAccessToken(): Promise<boolean> {
  const refresh_token = refreshToken()
  if (!refresh_token) return Promise.resolve(false)
  renewal ??= (async () => {
    try {
      const response = await fetch(apiBase() + href(routes.refreshToken), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token } satisfies RefreshRequest),
      })
      const answer = response.ok ? TokenResponse.safeParse(await response.json()) : null
      if (!answer?.success) {
        forgetRefreshToken()
        return false
      }
      signIn(answer.data.access_token, answer.data.refresh_token)
      return true
    } catch {
      return false
    } finally {
      renewal = null
    }
  })()
  return renewal
}

/**
 * Sends a call and answers its OK response: the token renewed once where it expired, SPEC §4's auth status
 * recorded, a session that ended under the page resumed; any other non-OK answer thrown as an `ApiError`.
 */
async function exchange(method: Method, path: string, options: RequestOptions<unknown>): Promise<Response> {
  const send = () => {
    const headers: Record<string, string> = {
      Accept: options.accept ?? 'application/json',
      ...authorizationHeader(),
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json'
    const sent = fetch(apiBase() + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
    return { sent, authorization: headers.Authorization }
  }
  const first = send()
  let response = await first.sent
  if (response.status === 401 && first.authorization && options.reportAuthStatus !== false) {
    // Sent with a token since replaced (another call renewed it), or renewed now: one more try.
    const replaced = authorizationHeader().Authorization !== first.authorization
    if (replaced || (await renewAccessToken())) response = await send().sent
  }
  if (!response.ok) {
    // A 401 that lands after the user was signed out (the auth dialog confirmed, LOG OUT) is old news: it must
    // not open the dialog again over Login.
    const stale = response.status === 401 && first.authorization !== undefined && !hasToken()
    if (
      (response.status === 401 || response.status === 403) &&
      options.reportAuthStatus !== false &&
      !(response.status === 403 && options.forbiddenShownHere) &&
      !stale
    ) {
      recordAuthStatus(String(response.status) as AuthStatus, method, path)
      // A session that ended under the page: the dialog asks for the password again; signed in, this is sent
      // once more and the caller never sees the 401.
      if (response.status === 401 && first.authorization && (await signedInAgain(options.signal))) {
        response = await send().sent
      }
    }
  }
  if (!response.ok) {
    const detail = detailOf(method === 'HEAD' ? '' : await response.text().catch(() => ''))
    throw new ApiError(response.status, detail, response)
  }
  return response
}

async function request<T>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = await exchange(method, path, options as RequestOptions<unknown>)
  const bytes = method === 'HEAD' ? new ArrayBuffer(0) : await response.arrayBuffer()
  // Once a head is on screen, the rest is read when the page is idle, its parse and its check as two tasks (at 4×,
  // one would be a long task of ~55 ms).
  const headShown = bytes.byteLength > 2 * HEAD_BYTES && showHead(bytes, options)
  if (headShown) await idle()
  const text = utf8.decode(bytes)
  let data: unknown = null
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      // A proxy's HTML page or a plain-text answer with status 200: say what and where, not the parser's words.
      const problem = t('common.error.notJson', { status: String(response.status) })
      throw new Error(t('common.error.unexpectedAnswer', { path, problem }))
    }
  }
  if (headShown) await idle()
  if (!options.schema || passesAsIs(options.schema, data)) return data as T
  const parsed = options.schema.safeParse(data)
  if (!parsed.success)
    throw new Error(
      t('common.error.unexpectedAnswer', { path, problem: describeMismatch(parsed.error.issues[0]) }),
    )
  return parsed.data
}

/**
 * The one API client: GET, POST (JSON), PUT (JSON), DELETE and HEAD, and a file to download. It shows nothing and
 * navigates nowhere.
 */
export const api = {
  request,
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
  head: (path: string, options?: RequestOptions<unknown>) => request<unknown>('HEAD', path, options),
  /** A file the server makes (the audit's CSV): the whole response, for its body and its file name. */
  download: (path: string, accept: string) => exchange('GET', path, { accept }),
  /** A streamed answer (server-sent events of a chat): the response, its body read as it comes. */
  stream: (path: string, body: unknown, signal?: AbortSignal) =>
    exchange('POST', path, { body, signal, accept: 'text/event-stream' }),
}
