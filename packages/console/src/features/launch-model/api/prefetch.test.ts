import { afterEach, describe, expect, it, vi } from 'vitest'
import { NO_AUTH, signIn } from '../../../lib/auth'
import { tokenCookie } from '../../../lib/storage'
import { clusterAuthQuery } from '../../../lib/cluster-auth'
import { createQueryClient } from '../../../lib/query-client'
import { builtinCatalogueQuery } from './catalogue'
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
  it('on a server known to need no sign-in, asks for the catalogue beside the auth check', async () => {
    const { asked, release } = server(false)
    tokenCookie.set(NO_AUTH)
    const client = createQueryClient(() => undefined)
    void prefetchLaunchPage(client, 'llm')
    await vi.waitFor(() => expect(client.getQueryData(builtinCatalogueQuery('LLM').queryKey)).toEqual([]))
    // The auth check is still out: the catalogue did not wait for it.
    expect(asked()).toEqual(['/api/v1/cluster/auth', '/api/v1/model_registrations/LLM?detailed=true'])
    release()
    await vi.waitFor(() => expect(asked()).toContain('/api/v1/cluster/devices'))
    expect(asked().filter((path) => path.startsWith('/api/v1/model_registrations'))).toHaveLength(1)
  })

  it('on a first visit, asks for the catalogue once the auth check says no sign-in is needed', async () => {
    const { asked, release } = server(false)
    const client = createQueryClient(() => undefined)
    void prefetchLaunchPage(client, 'llm')
    await vi.waitFor(() => expect(asked()).toEqual(['/api/v1/cluster/auth']))
    release()
    await vi.waitFor(() => expect(client.getQueryData(builtinCatalogueQuery('LLM').queryKey)).toEqual([]))
  })

  it('on a first visit to a server that needs a sign-in, asks nothing it would refuse', async () => {
    const { asked, release } = server(true)
    const toast = vi.fn()
    const client = createQueryClient(toast)
    const followed = prefetchLaunchPage(client, 'embedding')
    release()
    await followed
    expect(client.getQueryData(clusterAuthQuery.queryKey)).toEqual({ auth: true })
    expect(asked()).toEqual(['/api/v1/cluster/auth'])
    expect(localStorage.getItem('authStatus')).toBeNull()
    expect(toast).not.toHaveBeenCalled()
  })

  it('sends the token this tab holds', async () => {
    const { release } = server(true)
    signIn('abc.def.ghi')
    const client = createQueryClient(() => undefined)
    void prefetchLaunchPage(client, 'llm')
    release()
    await vi.waitFor(() => expect(client.getQueryData(builtinCatalogueQuery('LLM').queryKey)).toEqual([]))
  })

  it('leaves the custom tab and unknown tabs to their page', () => {
    const { asked } = server(false)
    const client = createQueryClient(() => undefined)
    void prefetchLaunchPage(client, 'custom')
    void prefetchLaunchPage(client, 'nonsense')
    expect(asked()).toEqual([])
  })
})
