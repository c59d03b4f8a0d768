import { afterEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '../../../lib/auth'
import { createQueryClient } from '../../../lib/query-client'
import { launchKeys } from './keys'
import { prefetchLaunchPage } from './prefetch'

/**
 * A server whose `/api/v1/cluster/auth` says `auth` and answers only once `release` is called; with auth on, a
 * call without a token gets 401. Every other call answers an empty list or 0 GPUs.
 */
function server(auth: boolean) {
  let release: () => void = () => undefined
  const authAnswered = new Promise<void>((resolve) => {
    release = resolve
  })
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname
    if (path === '/api/v1/cluster/auth') {
      await authAnswered
      return new Response(JSON.stringify({ auth }))
    }
    if (auth && !(init.headers as Record<string, string>).Authorization) {
      return new Response('{"detail":"Not authenticated"}', { status: 401 })
    }
    return new Response(path === '/api/v1/cluster/devices' ? '0' : '[]')
  })
  vi.stubGlobal('fetch', fetch)
  const asked = () => fetch.mock.calls.map(([url]) => new URL(url).pathname + new URL(url).search)
  return { asked, release }
}

afterEach(() => vi.unstubAllGlobals())

describe("the Launch page's prefetch", () => {
  it('asks for the catalogue beside the auth check, not after it; the GPU count once auth is known', async () => {
    const { asked, release } = server(false)
    const client = createQueryClient(() => undefined)
    prefetchLaunchPage(client, 'llm')
    await vi.waitFor(() => expect(client.getQueryData(launchKeys.builtin('LLM'))).toEqual([]))
    // The auth check is still out: the catalogue did not wait for it.
    expect(asked()).toEqual(['/api/v1/cluster/auth', '/api/v1/model_registrations/LLM?detailed=true'])
    release()
    await vi.waitFor(() => expect(asked()).toContain('/api/v1/cluster/devices'))
  })

  it('on a first visit to a server that needs a sign-in: no auth dialog, nothing kept, no GPU count', async () => {
    const { asked, release } = server(true)
    const toast = vi.fn()
    const client = createQueryClient(toast)
    prefetchLaunchPage(client, 'embedding')
    release()
    await vi.waitFor(() => expect(client.getQueryData(['cluster', 'auth'])).toEqual({ auth: true }))
    await vi.waitFor(() =>
      expect(client.getQueryState(launchKeys.builtin('embedding'))?.status).toBe('pending'),
    )
    expect(localStorage.getItem('authStatus')).toBeNull()
    expect(toast).not.toHaveBeenCalled()
    expect(asked()).toEqual(['/api/v1/cluster/auth', '/api/v1/model_registrations/embedding?detailed=true'])
  })

  it('sends the token this tab holds', async () => {
    const { release } = server(true)
    signIn('abc.def.ghi')
    const client = createQueryClient(() => undefined)
    prefetchLaunchPage(client, 'llm')
    release()
    await vi.waitFor(() => expect(client.getQueryData(launchKeys.builtin('LLM'))).toEqual([]))
  })

  it('leaves the custom tab and unknown tabs to their page', () => {
    const { asked } = server(false)
    const client = createQueryClient(() => undefined)
    prefetchLaunchPage(client, 'custom')
    prefetchLaunchPage(client, 'nonsense')
    expect(asked()).toEqual([])
  })
})
