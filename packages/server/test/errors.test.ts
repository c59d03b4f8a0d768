import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../src/http/http-error.js'
import type { ZodTypeProvider } from '../src/http/zod-type-provider.js'
import { testApp } from './helper.js'

describe('error model', () => {
  it('answers unknown API paths with 404 {detail: "Not Found"}', async () => {
    const app = await testApp()
    const response = await app.inject('/api/v1/no_such_route')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not Found' })
  })

  it('turns request validation into 422 with a list detail naming the field', async () => {
    const app = await testApp()
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/test/echo',
        { schema: { body: z.object({ replica: z.int().check(z.minimum(1)) }) } },
        (request) => request.body,
      )
    const response = await app.inject({ method: 'POST', url: '/test/echo', payload: { replica: 0 } })
    expect(response.statusCode).toBe(422)
    const detail = response.json<{ detail: { loc: string[]; msg: string }[] }>().detail
    expect(detail[0]?.loc).toEqual(['body', 'replica'])
    expect(detail[0]?.msg).toMatch(/>=1/)
  })

  it('answers malformed JSON with 400 {detail}', async () => {
    const app = await testApp()
    app.post('/test/json', () => 'ok')
    const response = await app.inject({
      method: 'POST',
      url: '/test/json',
      headers: { 'content-type': 'application/json' },
      payload: '{"model_name":',
    })
    expect(response.statusCode).toBe(400)
    expect(typeof response.json<{ detail: string }>().detail).toBe('string')
  })

  it('passes HttpError status, detail and headers through', async () => {
    const app = await testApp()
    app.get('/test/teapot', () => {
      throw new HttpError(409, 'Model is being launched', { 'retry-after': '5' })
    })
    const response = await app.inject('/test/teapot')
    expect(response.statusCode).toBe(409)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual({ detail: 'Model is being launched' })
  })

  it('hides the stack of an unexpected error behind a request id', async () => {
    const app = await testApp()
    app.get('/test/boom', () => {
      throw new Error('secret internals at /home/x')
    })
    const response = await app.inject('/test/boom')
    expect(response.statusCode).toBe(500)
    expect(response.json<{ detail: string }>().detail).toMatch(/^Internal server error \(request .+\)$/)
    expect(response.body).not.toContain('secret')
  })
})
