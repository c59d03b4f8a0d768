import { route } from '@serving-console/contract'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { serve } from '../src/http/serve.js'
import { testApp } from './helper.js'

const echo = route({
  method: 'POST',
  path: '/api/v1/test-echo/:name',
  summary: 'Echoes a name and a count (a test route).',
  params: z.object({ name: z.string().check(z.maxLength(8)) }),
  query: z.object({ times: z.optional(z.coerce.number().check(z.int(), z.minimum(1))) }),
  body: z.object({ count: z.int().check(z.minimum(1)) }),
  answers: { 200: z.object({ name: z.string(), count: z.int(), times: z.int() }) },
  access: 'public',
  audit: 'none',
})

const plain = route({
  method: 'GET',
  path: '/v1/test-plain',
  summary: 'A route with no alias (a test route).',
  access: 'public',
  audit: 'none',
})

describe('serve: one table entry, registered', () => {
  it('serves the entry at its SPEC path and at the upstream /v1 alias, with its method', async () => {
    const app = await testApp()
    serve(app, echo, (request) => ({
      name: request.params.name,
      count: request.body.count,
      times: request.query.times ?? 1,
    }))
    for (const url of ['/api/v1/test-echo/a?times=2', '/v1/test-echo/a?times=2']) {
      const response = await app.inject({ method: 'POST', url, payload: { count: 3 } })
      expect(response.statusCode, url).toBe(200)
      expect(response.json()).toEqual({ name: 'a', count: 3, times: 2 })
    }
    const wrongMethod = await app.inject({ method: 'GET', url: '/api/v1/test-echo/a' })
    expect(wrongMethod.statusCode).toBe(404)
  })

  it('enforces the entry’s params, query and body schemas (422 naming the field)', async () => {
    const app = await testApp()
    serve(app, echo, (request) => ({ name: request.params.name, count: request.body.count, times: 1 }))
    const cases = [
      { url: '/api/v1/test-echo/a', payload: { count: 0 }, loc: ['body', 'count'] },
      { url: '/v1/test-echo/a?times=0', payload: { count: 1 }, loc: ['querystring', 'times'] },
      { url: '/v1/test-echo/far-too-long', payload: { count: 1 }, loc: ['params', 'name'] },
    ]
    for (const { url, payload, loc } of cases) {
      const response = await app.inject({ method: 'POST', url, payload })
      expect(response.statusCode, url).toBe(422)
      const detail = response.json<{ detail: { loc: string[] }[] }>().detail
      expect(detail[0]?.loc, url).toEqual(loc)
    }
  })

  it('serves a path with no alias once, and takes options beyond the table', async () => {
    const app = await testApp()
    let seen: unknown
    serve(app, plain, (request) => ({ route: request.routeOptions.url, seen }), {
      onRequest: async () => {
        seen = 'hooked'
      },
    })
    const response = await app.inject('/v1/test-plain')
    expect(response.json()).toEqual({ route: '/v1/test-plain', seen: 'hooked' })
    // Once, and Fastify's HEAD beside the GET.
    expect(app.registeredRoutes.filter((r) => r.url.includes('test-plain'))).toEqual([
      { method: 'GET', url: '/v1/test-plain' },
      { method: 'HEAD', url: '/v1/test-plain' },
    ])
  })
})
