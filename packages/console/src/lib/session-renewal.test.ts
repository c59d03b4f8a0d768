import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer } from '../test/answer'
import { api, ApiError } from './api-client'
import { signIn } from './auth'
import { resumeSession } from './session-resume'
import { session, tokenCookie } from './storage'

afterEach(() => vi.unstubAllGlobals())

describe('renewing an expired access token (Xinference v3)', () => {
  type Call = [string, RequestInit]
  /** A v3-like server: the access token 'fresh-access-token' passes, any other gets 401; refresh answers `refresh`. */
  function v3Server(refresh: () => Response) {
    return vi.fn((url: string, init: RequestInit) => {
      if (url.endsWith('/v1/auth/refresh')) return Promise.resolve(refresh())
      const valid = (init.headers as Record<string, string>).Authorization === 'Bearer fresh-access-token'
      return Promise.resolve(
        valid
          ? new Response('{"ok":true}', { status: 200 })
          : new Response('{"detail":"Could not validate credentials"}', { status: 401 }),
      )
    })
  }
  const renewed = () =>
    new Response(
      JSON.stringify({
        access_token: 'fresh-access-token',
        refresh_token: 'next-refresh',
        token_type: 'bearer',
      }),
      { status: 200 },
    )
  beforeEach(() => {
    localStorage.clear()
    signIn('expired-access-token', 'first-refresh')
  })

  it('renews with the refresh token and retries once; the user sees nothing', async () => {
    const fetch = v3Server(renewed)
    vi.stubGlobal('fetch', fetch)
    await expect(api.get('/v1/cluster/info?detailed=true')).resolves.toEqual({ ok: true })
    const calls = fetch.mock.calls as unknown as Call[]
    expect(calls.map(([url]) => new URL(url).pathname)).toEqual([
      '/v1/cluster/info',
      '/v1/auth/refresh',
      '/v1/cluster/info',
    ])
    expect(JSON.parse(calls[1]?.[1].body as string)).toEqual({ refresh_token: 'first-refresh' })
    expect(session.get('token')).toBe('fresh-access-token')
    expect(tokenCookie.get()).toBe('fresh-access-token')
    expect(session.get('refreshToken')).toBe('next-refresh')
    expect(localStorage.getItem('authStatus')).toBeNull()
  })

  it('shares one renewal between calls that meet the 401 together', async () => {
    const fetch = v3Server(renewed)
    vi.stubGlobal('fetch', fetch)
    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')])
    const refreshes = (fetch.mock.calls as unknown as Call[]).filter(([url]) =>
      url.endsWith('/v1/auth/refresh'),
    )
    expect(refreshes).toHaveLength(1)
  })

  it("renews for a file's download too (the audit's CSV), which asks for its own type", async () => {
    const fetch = v3Server(renewed)
    vi.stubGlobal('fetch', fetch)
    const response = await api.download('/api/v1/audit/export?limit=10', 'text/csv')
    expect(await response.json()).toEqual({ ok: true })
    const calls = fetch.mock.calls as unknown as Call[]
    expect(calls.map(([url]) => new URL(url).pathname)).toEqual([
      '/api/v1/audit/export',
      '/v1/auth/refresh',
      '/api/v1/audit/export',
    ])
    expect((calls[2]?.[1].headers as Record<string, string>).Accept).toBe('text/csv')
  })

  it('lets the 401 stand when the refresh token is refused, and forgets it', async () => {
    const fetch = v3Server(
      () => new Response('{"detail":"Invalid or expired refresh token"}', { status: 401 }),
    )
    vi.stubGlobal('fetch', fetch)
    // The call waits while the auth dialog is open; the user confirms it (to Login): the 401 stands.
    const pending = api.get('/a').catch((e: unknown) => e)
    await vi.waitFor(() => expect(localStorage.getItem('authStatus')).toBe('401'))
    resumeSession(false)
    expect(((await pending) as ApiError).status).toBe(401)
    expect(session.get('refreshToken')).toBeNull()
    // Nothing left to renew with: the next 401 asks the server once, not twice.
    fetch.mockClear()
    localStorage.removeItem('authStatus')
    const next = api.get('/b').catch(() => undefined)
    await vi.waitFor(() => expect(localStorage.getItem('authStatus')).toBe('401'))
    resumeSession(false)
    await next
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('never renews for servers that gave no refresh token, nor for the sign-in call itself', async () => {
    const fetch = v3Server(renewed)
    vi.stubGlobal('fetch', fetch)
    await api.post('/token', {}, { reportAuthStatus: false }).catch(() => undefined)
    signIn('expired-access-token')
    const pending = api.get('/a').catch(() => undefined)
    await vi.waitFor(() => expect(localStorage.getItem('authStatus')).toBe('401'))
    resumeSession(false)
    await pending
    expect(fetch).toHaveBeenCalledTimes(2)
    expect((fetch.mock.calls as unknown as Call[]).some(([url]) => url.endsWith('/refresh'))).toBe(false)
  })
})

describe('a session that ends under the page', () => {
  it('keeps a request waiting while the user signs in again, then sends it once more', async () => {
    localStorage.clear()
    signIn('expired-access-token')
    const fetch = vi.fn((_url: string, init: RequestInit) =>
      Promise.resolve(
        (init.headers as Record<string, string>).Authorization === 'Bearer new-session'
          ? new Response('{"saved":true}', { status: 200 })
          : new Response('{"detail":"Could not validate credentials"}', { status: 401 }),
      ),
    )
    vi.stubGlobal('fetch', fetch)
    const saving = api.post('/api/v1/model_registrations/LLM', { model: '{}' })
    await vi.waitFor(() => expect(localStorage.getItem('authStatus')).toBe('401'))
    // The auth dialog signed the user in again over the page.
    signIn('new-session')
    resumeSession(true)
    await expect(saving).resolves.toEqual({ saved: true })
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(JSON.parse((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      model: '{}',
    })
  })

  it('lets a cancelled request go without waiting', async () => {
    localStorage.clear()
    signIn('expired-access-token')
    vi.stubGlobal('fetch', answer(401, '{"detail":"Could not validate credentials"}'))
    const controller = new AbortController()
    const pending = api.get('/a', { signal: controller.signal }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(localStorage.getItem('authStatus')).toBe('401'))
    controller.abort()
    expect(((await pending) as ApiError).status).toBe(401)
    resumeSession(false)
  })
})
