import { afterEach, describe, expect, it, vi } from 'vitest'
import { RegistrationNameList, RunningModelList } from '@serving-console/contract'
import { api, apiBase, ApiError, detailOf, toastMessageFor } from './api-client'
import { refusedPermission } from './refused-permission'
import { session, tokenCookie } from './storage'
import { answer } from '../test/answer'

afterEach(() => vi.unstubAllGlobals())

describe('apiBase', () => {
  it('cuts the /ui suffix off the page address (SPEC §1)', () => {
    expect(apiBase({ origin: 'http://h:9997', pathname: '/ui/' })).toBe('http://h:9997')
    expect(apiBase({ origin: 'http://h:9997', pathname: '/ui' })).toBe('http://h:9997')
    expect(apiBase({ origin: 'https://h', pathname: '/team/xinference/ui/' })).toBe(
      'https://h/team/xinference',
    )
    expect(apiBase({ origin: 'http://localhost:5173', pathname: '/' })).toBe('http://localhost:5173')
  })
})

describe('detailOf', () => {
  it('reads a string detail', () => {
    expect(detailOf('{"detail":"Model not found"}')).toBe('Model not found')
  })
  it('joins a 422 list detail into one readable line', () => {
    const body = JSON.stringify({
      detail: [
        { loc: ['body', 'replica'], msg: 'must be >= 1', type: 'too_small' },
        { loc: ['body', 'model_name'], msg: 'required' },
      ],
    })
    expect(detailOf(body)).toBe('body.replica: must be >= 1; body.model_name: required')
  })
  it("survives plain text, empty bodies and bodies without detail: 'Unknown error'", () => {
    expect(detailOf('Internal Server Error: boom')).toBe('Unknown error')
    expect(detailOf('')).toBe('Unknown error')
    expect(detailOf('{"message":"x"}')).toBe('Unknown error')
    expect(detailOf('null')).toBe('Unknown error')
  })
})

describe('api client', () => {
  it("raises 'Server error: {status} - {detail}' with the response attached", async () => {
    vi.stubGlobal('fetch', answer(400, '{"detail":"Model not found in the model list, uid: x"}'))
    const error = await api.get('/api/v1/models/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Server error: 400 - Model not found in the model list, uid: x')
    expect((error as ApiError).response.status).toBe(400)
  })

  it('says where an answer missed its contract schema, and how', async () => {
    vi.stubGlobal('fetch', answer(200, '{"object":"list","data":[{"id":7}]}'))
    await expect(api.get('/api/v1/models', { schema: RunningModelList })).rejects.toThrow(
      'Unexpected answer from /api/v1/models: expected string at data.0.id',
    )
    vi.stubGlobal('fetch', answer(200, '{"models":[]}'))
    await expect(api.get('/api/v1/models', { schema: RunningModelList })).rejects.toThrow(
      'Unexpected answer from /api/v1/models: invalid value at object',
    )
  })

  it('sends the session token as Bearer unless the cookie says no_auth', async () => {
    const fetch = answer(200, '{"auth":true}')
    vi.stubGlobal('fetch', fetch)
    session.set('token', 'abc.def.ghi')
    tokenCookie.set('abc.def.ghi')
    await api.get('/api/v1/cluster/auth')
    tokenCookie.set('no_auth')
    await api.post('/api/v1/models', { model_name: 'm' })
    const headers = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers)
    expect(headers[0]).toMatchObject({ Authorization: 'Bearer abc.def.ghi' })
    expect(headers[1]).not.toHaveProperty('Authorization')
    expect(headers[1]).toMatchObject({ 'Content-Type': 'application/json' })
  })

  it('records a 401/403 once per value and fires auth-status', async () => {
    const events = vi.fn()
    window.addEventListener('auth-status', events)
    vi.stubGlobal('fetch', answer(403, 'Forbidden', 'text/plain'))
    await api.get('/a').catch(() => undefined)
    await api.get('/b').catch(() => undefined)
    expect(localStorage.getItem('authStatus')).toBe('403')
    expect(events).toHaveBeenCalledTimes(1)
    vi.stubGlobal('fetch', answer(401, '{"detail":"Not authenticated"}'))
    await api.get('/c').catch(() => undefined)
    expect(localStorage.getItem('authStatus')).toBe('401')
    expect(events).toHaveBeenCalledTimes(2)
    window.removeEventListener('auth-status', events)
  })

  it('keeps the permission a 403 needed, by the route table, for the Permission Error dialog to name', async () => {
    localStorage.removeItem('authStatus')
    vi.stubGlobal('fetch', answer(403, '{"detail":"Not enough permissions"}'))
    await api.delete('/api/v1/models/my-llm').catch(() => undefined)
    expect(refusedPermission()).toBe('models:stop')
    localStorage.removeItem('authStatus')
    await api.get('/api/v1/admin/setup/status').catch(() => undefined)
    expect(refusedPermission()).toBeNull()
  })

  it('does not report a 401 that lands after the user was signed out (no dialog over Login)', async () => {
    session.set('token', 'abc.def.ghi')
    tokenCookie.set('abc.def.ghi')
    let answer: (response: Response) => void = () => undefined
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)))
    const call = api.get('/v1/cluster/version').catch((e: unknown) => e)
    // Meanwhile the auth dialog's CONFIRMED removed the token cookie.
    tokenCookie.remove()
    answer(new Response('{"detail":"Could not validate credentials"}', { status: 401 }))
    expect(((await call) as ApiError).status).toBe(401)
    expect(localStorage.getItem('authStatus')).toBeNull()
  })

  it('leaves auth status alone for calls that opt out (sign-in)', async () => {
    vi.stubGlobal('fetch', answer(401, '{"detail":"Incorrect username or password"}'))
    await api.post('/token', {}, { reportAuthStatus: false }).catch(() => undefined)
    expect(localStorage.getItem('authStatus')).toBeNull()
  })
})

describe('a long list read from its head (onHead)', () => {
  // ~1.3 MB of names, as a catalogue of that size would be.
  const names = Array.from({ length: 16_000 }, (_, index) => ({
    model_name: `model-${String(index).padStart(6, '0')}-with-a-long-name`,
    is_builtin: true,
  }))

  it('gives the entries whole in the head first, then resolves with the whole answer', async () => {
    vi.stubGlobal('fetch', answer(200, JSON.stringify(names)))
    const heads: unknown[][] = []
    const whole = await api.get('/api/v1/model_registrations/LLM', {
      schema: RegistrationNameList,
      onHead: (head) => heads.push(head),
    })
    expect(heads).toHaveLength(1)
    const [head = []] = heads
    expect(head.length).toBeGreaterThan(1000)
    expect(head.length).toBeLessThan(names.length / 2)
    expect(head).toEqual(names.slice(0, head.length))
    expect(whole).toEqual(names)
  })

  it('reads a short answer at once', async () => {
    vi.stubGlobal('fetch', answer(200, JSON.stringify(names.slice(0, 100))))
    const onHead = vi.fn()
    await api.get('/api/v1/model_registrations/LLM', { schema: RegistrationNameList, onHead })
    expect(onHead).not.toHaveBeenCalled()
  })

  it('shows no head that misses the schema, and the whole answer fails as any other', async () => {
    const wrong = names.map((name, index) => (index === 3 ? { ...name, is_builtin: 'yes' } : name))
    vi.stubGlobal('fetch', answer(200, JSON.stringify(wrong)))
    const onHead = vi.fn()
    await expect(
      api.get('/api/v1/model_registrations/LLM', { schema: RegistrationNameList, onHead }),
    ).rejects.toThrow(
      'Unexpected answer from /api/v1/model_registrations/LLM: expected boolean at 3.is_builtin',
    )
    expect(onHead).not.toHaveBeenCalled()
  })
})

describe("a file's download", () => {
  it("fails as any other call: the status and the server's detail", async () => {
    vi.stubGlobal('fetch', answer(403, '{"detail":"Not enough permissions"}'))
    const error = await api.download('/api/v1/audit/export', 'text/csv').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Server error: 403 - Not enough permissions')
  })
})

describe('toastMessageFor', () => {
  const error = (status: number) => new ApiError(status, 'x', new Response(null, { status }))
  it('toasts server errors but not 401 or 403 (SPEC §6)', () => {
    expect(toastMessageFor(error(500))).toBe('Server error: 500 - x')
    expect(toastMessageFor(error(401))).toBeNull()
    expect(toastMessageFor(error(403))).toBeNull()
  })
  it('explains an unreachable server and ignores cancelled requests', () => {
    expect(toastMessageFor(new TypeError('Failed to fetch'))).toBe('Cannot reach the server: Failed to fetch')
    expect(toastMessageFor(new DOMException('aborted', 'AbortError'))).toBeNull()
  })
})
