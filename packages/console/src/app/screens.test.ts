import { afterEach, describe, expect, it, vi } from 'vitest'
import { NO_AUTH } from '../lib/auth'
import { createQueryClient } from '../lib/query-client'
import { tokenCookie } from '../lib/storage'
import { HOME } from '../lib/routes'
import { landingPath, prefetchScreen } from './screens'

afterEach(() => vi.unstubAllGlobals())

function asked(pathname: string): string[] {
  const fetch = vi.fn(async (_url: string) => new Response('[]'))
  vi.stubGlobal('fetch', fetch)
  prefetchScreen(
    createQueryClient(() => undefined),
    pathname,
  )
  return fetch.mock.calls.map(([url]) => new URL(url).pathname)
}

describe('prefetchScreen', () => {
  it("starts the Launch page's catalogue for the tab in the address, before any rendering", () => {
    // A server this browser knows needs no sign-in (a first visit waits for the auth check: prefetch.test.ts).
    tokenCookie.set(NO_AUTH)
    expect(asked('/launch_model/embedding')).toContain('/api/v1/model_registrations/embedding')
    expect(asked('/launch_model/llm')).toContain('/api/v1/model_registrations/LLM')
  })

  it('asks nothing for screens without a prefetch', () => {
    expect(asked('/running_models/LLM')).toEqual([])
    expect(asked('/cluster_info')).toEqual([])
  })
})

describe('landingPath', () => {
  it("is Home's address at the index (`/ui/`) and at unknown addresses, as the router's redirects, else the address", () => {
    expect(landingPath('/')).toBe(HOME)
    expect(landingPath('/nowhere')).toBe(HOME)
    expect(landingPath('/cluster_info')).toBe('/cluster_info')
    expect(landingPath('/launch_model/embedding')).toBe('/launch_model/embedding')
    expect(landingPath('/login')).toBe('/login')
  })
})
