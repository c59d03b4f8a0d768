import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NO_AUTH } from '../../lib/auth'
import { createQueryClient } from '../../lib/query-client'
import { tokenCookie } from '../../lib/storage'
import { PLATFORM_FEATURES } from '../../test/features'
import { SystemPage } from './system-page'

afterEach(() => vi.unstubAllGlobals())

const ALICE = {
  id: 1,
  username: 'alice',
  source: 'local',
  enabled: true,
  must_change_password: false,
  permissions: ['admin'],
  created_at: '2026-01-31 12:00:00',
}

type Answer = (init: RequestInit) => unknown
/** The server: answers by method and path; records every call. */
function serve(administration: string, answers: Record<string, Answer>) {
  const calls: { method: string; path: string; query: string; init: RequestInit }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      const { pathname: path, search: query } = new URL(url)
      calls.push({ method, path, query, init })
      if (path === '/api/v1/console/features') return Response.json({ ...PLATFORM_FEATURES, administration })
      const answer = answers[`${method} ${path}`]
      return answer ? Response.json(answer(init)) : new Response('{"detail":"Not Found"}', { status: 404 })
    }),
  )
  return calls
}

/** What the page itself asked: the header's operations tray reads launches, models and downloads on every screen. */
const TRAY_READS = ['/api/v1/models/launches', '/api/v1/models', '/api/v1/cache/downloads']
const pageReads = (calls: { path: string }[]) =>
  calls.map((call) => call.path).filter((path) => !TRAY_READS.includes(path))

function show(page: string) {
  tokenCookie.set(NO_AUTH)
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <MemoryRouter initialEntries={[`/system/${page}`]}>
        <Routes>
          <Route path="system/:page" element={<SystemPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the System pages', () => {
  it('say that an auth file keeps the users, and ask nothing more', async () => {
    const calls = serve('auth_file', {})
    show('users')
    expect(await screen.findByText('Users are managed in the auth file')).toBeInTheDocument()
    expect(pageReads(calls)).toEqual(['/api/v1/console/features'])
  })

  it('say that a server without authentication has no users', async () => {
    serve('off', {})
    show('users')
    expect(await screen.findByText('Authentication is off')).toBeInTheDocument()
  })

  it('show the platform’s audit trail without authentication all the same', async () => {
    const calls = serve('off', {
      'GET /api/v1/audit/search': () => ({ hits: [], total: 0 }),
      'GET /api/v1/audit/filter-options': () => ({
        user: [],
        api_key_name: [],
        model_id: [],
        model_name: [],
        client_ip: [],
      }),
    })
    show('audit')
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
    expect(screen.queryByText('Authentication is off')).toBeNull()
    expect(calls.map((call) => call.path)).toContain('/api/v1/audit/search')
  })

  it('list the users and create one', async () => {
    const calls = serve('users', {
      'GET /api/v1/admin/users': () => [ALICE],
      'POST /api/v1/admin/users': () => ({ id: 2, username: 'bob' }),
    })
    show('users')
    const row = (await screen.findByRole('rowheader', { name: 'alice' })).closest('tr') as HTMLElement
    // The only administrator: not to be disabled, and the switch says why.
    const enabled = within(row).getByRole('switch', { name: /^alice enabled \(The last administrator/ })
    expect(enabled).toBeChecked()
    expect(enabled).toBeDisabled()

    fireEvent.click(screen.getByRole('button', { name: 'Create user' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create user' })
    fireEvent.change(within(dialog).getByLabelText(/Username/), { target: { value: 'bob' } })
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'short' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('Use at least 8 characters')).toBeInTheDocument()

    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'long enough' } })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'keys:create' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true))
    const sent = calls.find((call) => call.method === 'POST')
    expect(JSON.parse(sent?.init.body as string)).toEqual({
      username: 'bob',
      password: 'long enough',
      permissions: ['models:list', 'keys:create'],
    })
  })

  it("set a user's limits: a value out of bounds said at its field and nothing sent, then saved whole", async () => {
    const NONE = {
      requests_per_minute: null,
      tokens_per_minute: null,
      requests_at_once: null,
      token_budget: null,
      soft_budget: null,
      budget_period: 'day',
    }
    const USAGE = {
      requests_last_minute: 2,
      tokens_last_minute: 40,
      requests_at_once: 0,
      budget_used: 1234,
      period_start: 0,
      period_end: 86_400,
      soft_reached: false,
    }
    const answer = (limits: object) => ({
      subject_type: 'user',
      subject: '1',
      label: 'alice',
      limits,
      usage: USAGE,
    })
    const calls = serve('users', {
      'GET /api/v1/admin/users': () => [ALICE],
      'GET /api/v1/admin/users/1/limits': () => answer(NONE),
      'PUT /api/v1/admin/users/1/limits': (init) => answer(JSON.parse(init.body as string) as object),
    })
    show('users')
    fireEvent.click(await screen.findByRole('button', { name: 'Limits of alice' }))
    const dialog = await screen.findByRole('dialog', { name: 'Limits of user alice' })
    expect(
      await within(dialog).findByText(
        'Now: 2 requests and 40 tokens in the last minute; 1,234 tokens today.',
      ),
    ).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText(/^Requests at once/), { target: { value: '10001' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('A whole number from 1 to 10,000')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText(/^Requests at once/), { target: { value: '' } })
    fireEvent.change(within(dialog).getByLabelText(/^Token budget/), { target: { value: '100000' } })
    fireEvent.change(within(dialog).getByLabelText(/^Soft budget/), { target: { value: '100000' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Must be below the token budget')).toBeInTheDocument()
    expect(calls.some((call) => call.method === 'PUT')).toBe(false)

    fireEvent.change(within(dialog).getByLabelText(/^Soft budget/), { target: { value: '80000' } })
    fireEvent.change(within(dialog).getByLabelText(/^Requests per minute/), { target: { value: '60' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const sent = calls.find((call) => call.method === 'PUT')
    expect(JSON.parse(sent?.init.body as string)).toEqual({
      ...NONE,
      requests_per_minute: 60,
      token_budget: 100_000,
      soft_budget: 80_000,
    })
  })

  // (A gateway keeps alerts of its own on its cluster: docs/alerts.md.)
  for (const [page, title] of [['usage', 'Usage is kept by the platform']] as const)
    it(`say on a cluster that ${page} is the platform’s, and ask it nothing`, async () => {
      const calls = serve('users', {})
      vi.mocked(fetch).mockImplementation(async (url) => {
        const { pathname } = new URL(url as string)
        calls.push({ method: 'GET', path: pathname, query: '', init: {} })
        return pathname === '/api/v1/console/features'
          ? Response.json({
              ...PLATFORM_FEATURES,
              mode: 'gateway',
              administration: 'users',
              quotas: false,
              alerts: false,
            })
          : new Response('{"detail":"Not Found"}', { status: 404 })
      })
      show(page)
      expect(await screen.findByText(title)).toBeInTheDocument()
      expect(pageReads(calls)).toEqual(['/api/v1/console/features'])
    })

  it('show a cluster’s cache listing as it gives it, and say what only the platform shows', async () => {
    const calls = serve('users', {})
    vi.mocked(fetch).mockImplementation(async (url) => {
      const { pathname, search } = new URL(url as string)
      calls.push({ method: 'GET', path: pathname, query: search, init: {} })
      if (pathname === '/api/v1/console/features')
        return Response.json({
          ...PLATFORM_FEATURES,
          mode: 'gateway',
          administration: 'users',
          downloads: false,
        })
      if (pathname === '/api/v1/cache/models')
        return Response.json({
          list: [
            {
              model_name: 'qwen2.5-instruct',
              model_version: 'qwen2.5-instruct--0_5B--ggufv2--q4_k_m',
              model_format: 'ggufv2',
              model_size_in_billions: '0_5',
              quantization: 'q4_k_m',
              real_path: '/root/.xinference/cache/qwen2.5-instruct--0_5B--ggufv2--q4_k_m',
              path: '/root/.xinference/cache/qwen2.5-instruct--0_5B--ggufv2--q4_k_m',
              actor_ip_address: '10.0.0.7:41234',
            },
          ],
        })
      return new Response('{"detail":"Not Found"}', { status: 404 })
    })
    show('cache')
    const table = await screen.findByRole('group', { name: 'Cached models' })
    const row = within(table).getByRole('row', { name: /qwen2\.5-instruct/ })
    expect(row).toHaveTextContent('/root/.xinference/cache/qwen2.5-instruct--0_5B--ggufv2--q4_k_m')
    expect(row).toHaveTextContent('10.0.0.7:41234')
    expect(screen.getByText(/are shown by Serving Console's own platform/)).toBeInTheDocument()
    // Neither the platform's disk nor its downloads are asked of a cluster, which has neither.
    expect(pageReads(calls)).toEqual(['/api/v1/console/features', '/api/v1/cache/models'])
  })

  it('show the key once, after it was created', async () => {
    serve('users', {
      'GET /api/v1/admin/keys': () => [],
      'POST /api/v1/admin/keys': () => ({ id: 3, key: 'xf-secret-key', prefix: 'xf-secr', name: 'ci' }),
    })
    show('keys')
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' })
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'ci' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }))
    const shown = await screen.findByRole('dialog', { name: 'API key created' })
    expect(within(shown).getByText('xf-secret-key')).toBeInTheDocument()
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument()
  })

  it('unban every address with a POST that has no body and no JSON content type', async () => {
    const calls = serve('users', {
      'GET /api/v1/admin/security/rate-limit': () => ({
        ip: { max_failures: 10, window_seconds: 300, ban_seconds: 900 },
        key: { max_failures: 5, window_seconds: 60, ban_seconds: 600 },
      }),
      'GET /api/v1/admin/security/banned-ips': () => [
        { ip: '10.0.0.9', banned_until: 2_000_000_000, remaining_seconds: 250 },
      ],
      'GET /api/v1/admin/security/banned-keys': () => [],
      'POST /api/v1/admin/security/unban-all-ips': () => ({ unbanned: 1 }),
    })
    show('security')
    expect(await screen.findByText('4 min 10 s')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Unban all addresses' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true))
    const sent = calls.find((call) => call.method === 'POST')
    expect(sent?.init.body).toBeUndefined()
    expect(sent?.init.headers).not.toHaveProperty('Content-Type')
  })

  it('search the audit log a page at a time, with the filters chosen', async () => {
    const hit = {
      '@timestamp': '2026-01-31T12:00:00Z',
      event_type: 'request',
      category: 'inference',
      auth_type: 'api_key',
      user: 'alice',
      api_key_name: 'ci',
      api_key_prefix: 'xf-secr',
      model_id: 'tiny-chat',
      model_name: 'tiny-chat',
      model_type: 'LLM',
      endpoint: '/v1/chat/completions',
      status: 'denied',
      latency_ms: 12.4,
      client_ip: '10.0.0.9',
      method: 'POST',
      http_status: 403,
    }
    const calls = serve('users', {
      'GET /api/v1/audit/search': () => ({ hits: [hit], total: 120 }),
      'GET /api/v1/audit/filter-options': () => ({
        user: ['alice'],
        api_key_name: ['ci'],
        model_id: ['tiny-chat'],
        model_name: ['tiny-chat'],
        client_ip: ['10.0.0.9'],
      }),
    })
    const searches = () =>
      calls.filter((call) => call.path === '/api/v1/audit/search').map((call) => call.query)
    show('audit')
    const row = (await screen.findByText('POST /v1/chat/completions')).closest('tr') as HTMLElement
    expect(within(row).getByText('Denied')).toBeInTheDocument()
    expect(screen.getByText('1–1 of 120')).toBeInTheDocument()
    expect(searches()).toEqual(['?time_from=now-1h&page_from=0&size=50'])

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(searches()).toContain('?time_from=now-1h&page_from=50&size=50'))
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'alice' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches()).toContain('?time_from=now-1h&user=alice&page_from=0&size=50'))
  })

  it('filter usage by an API key the caller may list, and ask the server for that key only', async () => {
    const key = {
      id: 7,
      name: 'ci',
      key_prefix: 'xf-ci12',
      description: null,
      user_id: 1,
      owner_username: 'alice',
      model_permissions: [],
      expires_at: null,
      enabled: true,
      created_at: '2026-01-31 12:00:00',
      last_used_at: null,
    }
    const calls = serve('users', {
      'GET /api/v1/quota': () => ({ user: null, key: null, models: [] }),
      'GET /api/v1/limits': () => ({ limits: [] }),
      'GET /api/v1/admin/keys': () => [key],
      'GET /api/v1/models': () => ({ object: 'list', data: [] }),
      'GET /api/v1/usage': () => ({ rows: [], workers: [], truncated: false }),
    })
    show('usage')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('combobox', { name: 'API key' }))
    await user.click(screen.getByRole('option', { name: 'ci (xf-ci12…)' }))
    await user.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === '/api/v1/usage')
          .map((call) => call.query)
          .at(-1),
      ).toMatch(/&key_id=7$/),
    )
  })
})
