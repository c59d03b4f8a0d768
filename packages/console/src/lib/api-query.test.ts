import { api, route } from '@serving-console/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import {
  apiKey,
  apiMutation,
  apiQuery,
  composedKey,
  invalidateRoutes,
  pathsRead,
  routeKey,
} from './api-query'
import { createQueryClient } from './query-client'

/** A server that answers every call with `body` (JSON), and what it was asked. */
function server(body: unknown = []) {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body))),
  )
  vi.stubGlobal('fetch', fetch)
  return {
    asked: () =>
      fetch.mock.calls.map(
        ([url, init]) => `${init.method ?? 'GET'} ${new URL(url).pathname}${new URL(url).search}`,
      ),
    bodies: () => fetch.mock.calls.map(([, init]) => init.body),
  }
}

afterEach(() => vi.unstubAllGlobals())

const one = route({
  method: 'GET',
  path: '/api/v1/things/:thing_id',
  summary: 'One thing',
  answers: { 200: z.object({ id: z.number() }) },
  access: 'models:list',
  audit: 'admin',
})

describe('query keys derived from the route', () => {
  it('are the path, then the params and the query as given, then what else the answer depends on', () => {
    expect(apiKey(one, { thing_id: 7 })).toEqual(['/api/v1/things/:thing_id', { thing_id: 7 }, {}])
    expect(apiKey(api.listModels, undefined, undefined, 'token')).toEqual(['/api/v1/models', {}, {}, 'token'])
    expect(apiQuery(api.getModelLogs, { model_uid: 'm' }, { tail: 100 }).queryKey).toEqual([
      '/api/v1/models/:model_uid/logs',
      { model_uid: 'm' },
      { tail: 100 },
    ])
  })

  it('are equal for equal arguments, so screens that read the same URL share one entry', () => {
    const first = apiQuery(api.getEngines, { model_name: 'qwen' }).queryKey
    const again = apiQuery(api.getEngines, { model_name: 'qwen' }, undefined, { staleTime: 1 }).queryKey
    expect(again).toEqual(first)
    expect(apiQuery(api.getEngines, { model_name: 'llama' }).queryKey).not.toEqual(first)
  })

  it('name the routes a query reads: one, several when it composes calls, none for other keys', () => {
    expect(pathsRead(apiKey(one, { thing_id: 1 }))).toEqual(['/api/v1/things/:thing_id'])
    expect(pathsRead(composedKey([api.listModels, api.listLaunches], 'x'))).toEqual([
      '/api/v1/models',
      '/api/v1/models/launches',
    ])
    expect(pathsRead([{ not: 'a route' }])).toEqual([])
    expect(routeKey(one)).toEqual(['/api/v1/things/:thing_id'])
  })
})

describe('apiQuery', () => {
  it("fetches the route's URL and checks the answer against its schema", async () => {
    const { asked } = server({ id: 3 })
    const client = createQueryClient(() => undefined)
    await expect(client.query(apiQuery(one, { thing_id: 3 }, { detailed: true }))).resolves.toEqual({
      id: 3,
    })
    expect(asked()).toEqual(['GET /api/v1/things/3?detailed=true'])
    server({ id: 'three' })
    await expect(client.query(apiQuery(one, { thing_id: 4 }, undefined, { retry: false }))).rejects.toThrow(
      'Unexpected answer from /api/v1/things/4: expected number at id',
    )
  })

  it('spells a param as the route says (the console’s `llm` goes out as `LLM`)', async () => {
    const { asked } = server({ target: {}, models: [] })
    const client = createQueryClient(() => undefined)
    await client
      .query(apiQuery(api.listFitSummaries, { model_type: 'llm' }, undefined, { retry: false }))
      .catch(() => undefined)
    expect(asked()).toEqual(['GET /api/v1/fit/LLM'])
  })
})

describe('invalidation as data', () => {
  /** Three queries in one client: two of the running list (by token), one composing the list and launches. */
  async function primed() {
    server([])
    const client = createQueryClient(() => undefined)
    const keys = {
      running: apiKey(api.listModels, undefined, undefined, 'a'),
      runningOther: apiKey(api.listModels, undefined, undefined, 'b'),
      composed: composedKey([api.listModels, api.listLaunches], 'strip'),
      engines: apiKey(api.getEngines, { model_name: 'qwen' }),
    }
    for (const key of Object.values(keys)) {
      await client.query({ queryKey: key, queryFn: () => [], staleTime: Infinity })
    }
    const stale = () =>
      Object.entries(keys)
        .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
        .map(([name]) => name)
    return { client, stale }
  }

  it('makes stale every query that reads one of the routes, whatever its arguments, composed ones too', async () => {
    const { client, stale } = await primed()
    await invalidateRoutes(client, [api.listLaunches])
    expect(stale()).toEqual(['composed'])
    await invalidateRoutes(client, [api.listModels])
    expect(stale()).toEqual(['running', 'runningOther', 'composed'])
  })

  it('leaves the queries of other routes, and composed ones under a route key, alone', async () => {
    const { client, stale } = await primed()
    await client.invalidateQueries({ queryKey: routeKey(api.listModels) })
    expect(stale()).toEqual(['running', 'runningOther'])
  })

  it("apiMutation sends the route's call, then reads again the routes it invalidates before it settles", async () => {
    const { client, stale } = await primed()
    const { asked, bodies } = server({ ok: true })
    const mutation = client.getMutationCache().build(
      client,
      apiMutation(api.updateUser, {
        send: ({ id, enabled }: { id: number; enabled: boolean }) => ({
          params: { user_id: id },
          body: { enabled },
        }),
        invalidates: [api.listModels],
      }),
    )
    await expect(mutation.execute({ id: 5, enabled: false })).resolves.toEqual({ ok: true })
    expect(asked()).toEqual(['PUT /api/v1/admin/users/5'])
    expect(bodies()).toEqual(['{"enabled":false}'])
    expect(stale()).toEqual(['running', 'runningOther', 'composed'])
  })

  it('reads them again after a failure only when asked to (`alsoOnFailure`)', async () => {
    for (const alsoOnFailure of [undefined, true] as const) {
      const { client, stale } = await primed()
      vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"detail":"no"}', { status: 400 })))
      const mutation = client.getMutationCache().build(
        client,
        apiMutation(api.unbanIp, {
          send: (ip: string) => ({ params: undefined, body: { ip } }),
          invalidates: [api.getEngines],
          alsoOnFailure,
          meta: { silent: true },
        }),
      )
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      await expect(mutation.execute('10.0.0.1')).rejects.toThrow('Server error: 400 - no')
      expect(stale()).toEqual(alsoOnFailure ? ['engines'] : [])
    }
  })
})
