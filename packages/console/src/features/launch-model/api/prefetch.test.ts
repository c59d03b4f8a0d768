import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../lib/query-client'
import { prefetchLaunchPage } from './prefetch'

/** A server whose `/api/v1/cluster/auth` says `auth`; every other call answers an empty list or 0 GPUs. */
function server(auth: boolean) {
  const fetch = vi.fn((url: string) => {
    const path = new URL(url).pathname
    const body = path === '/api/v1/cluster/auth' ? { auth } : path === '/api/v1/cluster/devices' ? 0 : []
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))
  })
  vi.stubGlobal('fetch', fetch)
  const asked = () => fetch.mock.calls.map(([url]) => new URL(url).pathname + new URL(url).search)
  return { asked }
}

afterEach(() => vi.unstubAllGlobals())

describe("the Launch page's route loader", () => {
  it('starts the auth check, then the tab’s catalogue and the GPU count, without waiting for the page', async () => {
    const { asked } = server(false)
    const client = createQueryClient(() => undefined)
    expect(prefetchLaunchPage(client, 'llm')).toBeNull()
    await vi.waitFor(() => expect(asked()).toHaveLength(3))
    expect(asked()).toEqual([
      '/api/v1/cluster/auth',
      '/api/v1/model_registrations/LLM?detailed=true',
      '/api/v1/cluster/devices',
    ])
    // The page's own queries find the answers in the cache.
    expect(client.getQueryData(['cluster', 'auth'])).toEqual({ auth: false })
  })

  it('asks nothing more of a server that needs a sign-in this tab does not have (Login takes over)', async () => {
    const { asked } = server(true)
    const client = createQueryClient(() => undefined)
    prefetchLaunchPage(client, 'embedding')
    await vi.waitFor(() => expect(client.getQueryData(['cluster', 'auth'])).toEqual({ auth: true }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(asked()).toEqual(['/api/v1/cluster/auth'])
  })

  it('leaves the custom tab and unknown tabs to their page', () => {
    const { asked } = server(false)
    const client = createQueryClient(() => undefined)
    prefetchLaunchPage(client, 'custom')
    prefetchLaunchPage(client, 'nonsense')
    expect(asked()).toEqual([])
  })
})
