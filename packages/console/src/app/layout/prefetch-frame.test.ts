import { afterEach, describe, expect, it, vi } from 'vitest'
import { attentionQuery } from '../../features/running-models/api/health'
import { NO_AUTH } from '../../lib/auth'
import { clusterAuthQuery } from '../../lib/cluster-auth'
import { clusterStatesQuery } from '../../lib/clusters'
import { createQueryClient } from '../../lib/query-client'
import { serverFeaturesQuery } from '../../lib/server-features'
import { tokenCookie } from '../../lib/storage'
import { PLATFORM_FEATURES } from '../../test/features'
import { prefetchFrame } from './prefetch-frame'

/** A platform holding the cluster `gpu`, whose auth check says `auth`; with auth on, no token gets 401. */
function server(auth: boolean, mode: 'platform' | 'gateway' = 'platform') {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname
    if (path === '/api/v1/cluster/auth') return Response.json({ auth })
    if (auth && !(init.headers as Record<string, string>).Authorization) {
      return Response.json({ detail: 'Not authenticated' }, { status: 401 })
    }
    if (path === '/api/v1/console/features')
      return Response.json({ ...PLATFORM_FEATURES, mode, administration: 'users' })
    if (path === '/api/v1/clusters/states' && mode === 'gateway')
      return Response.json({ detail: 'Not Found' }, { status: 404 })
    if (path === '/api/v1/clusters/states')
      return Response.json({
        clusters: [
          {
            name: 'gpu',
            status: {
              state: 'up',
              kind: 'xinference',
              version: '3.2.1',
              detail: null,
              checked_at: 0,
              latency_ms: 3,
            },
          },
        ],
      })
    if (path.endsWith('/api/v1/models')) return Response.json({ object: 'list', data: [] })
    return Response.json([])
  })
  vi.stubGlobal('fetch', fetch)
  return () => fetch.mock.calls.map(([url]) => new URL(url).pathname)
}

afterEach(() => vi.unstubAllGlobals())

describe("the frame's prefetch", () => {
  it("asks what the needs-attention strip reads before the frame renders: features, clusters, then each one's lists", async () => {
    const asked = server(false)
    const client = createQueryClient(() => undefined)
    void prefetchFrame(client)
    const cookie = () => tokenCookie.get()
    await vi.waitFor(() => {
      expect(client.getQueryData(attentionQuery(cookie(), true).queryKey)).toEqual([])
      expect(client.getQueryData(attentionQuery(cookie(), true, 'gpu').queryKey)).toEqual([])
    })
    // The frame's own queries find their answers: nothing is asked twice when it renders.
    expect(cookie()).toBe(NO_AUTH)
    expect(client.getQueryData(serverFeaturesQuery.queryKey)).toMatchObject({ mode: 'platform' })
    expect(client.getQueryData(clusterStatesQuery.queryKey)).toMatchObject({ clusters: [{ name: 'gpu' }] })
    expect(asked().sort()).toEqual(
      [
        '/api/v1/cluster/auth',
        '/api/v1/console/features',
        '/api/v1/clusters/states',
        '/api/v1/models',
        '/api/v1/models/launches',
        '/clusters/gpu/api/v1/models',
        '/clusters/gpu/api/v1/models/launches',
      ].sort(),
    )
  })

  it("asks no cluster's lists of a gateway (it holds none)", async () => {
    const asked = server(false, 'gateway')
    const client = createQueryClient(() => undefined)
    await prefetchFrame(client)
    await vi.waitFor(() => expect(asked()).toContain('/api/v1/models/launches'))
    // The clusters' list was asked (and refused, as a gateway's 404 would be): no cluster's lists follow it.
    await vi.waitFor(() =>
      expect(client.getQueryState(clusterStatesQuery.queryKey)?.status).not.toBe('pending'),
    )
    expect(asked().filter((path) => path.startsWith('/clusters/'))).toEqual([])
  })

  it('on a first visit to a server that needs a sign-in, asks nothing but the auth check', async () => {
    const asked = server(true)
    const toast = vi.fn()
    const client = createQueryClient(toast)
    await prefetchFrame(client)
    expect(client.getQueryData(clusterAuthQuery.queryKey)).toEqual({ auth: true })
    expect(asked()).toEqual(['/api/v1/cluster/auth'])
    expect(toast).not.toHaveBeenCalled()
  })
})
