import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { hostAllowed } from '../src/http/request-guard.js'
import { testApp } from './helper.js'

const LAUNCH = { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'guarded', replica: 1 }

describe('Host header (DNS rebinding)', () => {
  it('answers loopback names, IP addresses, the --host name and listed hosts only', () => {
    for (const host of ['localhost:9997', '127.0.0.1:9997', '[::1]:9997', '10.0.0.5', 'app.localhost']) {
      expect(hostAllowed(host, '127.0.0.1', []), host).toBe(true)
    }
    expect(hostAllowed('attacker.example', '127.0.0.1', [])).toBe(false)
    expect(hostAllowed('127.0.0.1.attacker.example', '127.0.0.1', [])).toBe(false)
    expect(hostAllowed('', '127.0.0.1', [])).toBe(false)
    expect(hostAllowed('gpu-box:9997', 'gpu-box', [])).toBe(true)
    expect(hostAllowed('console.lab.example', '0.0.0.0', ['console.lab.example'])).toBe(true)
    expect(hostAllowed('a.lab.example', '0.0.0.0', ['.lab.example'])).toBe(true)
    expect(hostAllowed('lab.example.evil', '0.0.0.0', ['.lab.example'])).toBe(false)
    expect(hostAllowed('anything.example', '0.0.0.0', ['*'])).toBe(true)
  })

  it('refuses any request naming another host with 403 {detail}, before auth or handlers', async () => {
    const app = await testApp()
    for (const url of ['/api/v1/models', '/ui/', '/api/v1/cluster/auth']) {
      const response = await app.inject({ url, headers: { host: 'attacker.example' } })
      expect(response.statusCode, url).toBe(403)
      expect(response.json<{ detail: string }>().detail).toMatch(/--allowed-hosts attacker\.example/)
    }
    const launch = await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      headers: { host: 'attacker.example:9997' },
      payload: LAUNCH,
    })
    expect(launch.statusCode).toBe(403)
    expect(app.platform.models.launches()).toHaveLength(0)
  })

  it('answers a host named with --allowed-hosts', async () => {
    const app = await testApp({ allowedHosts: ['console.lab.example'] })
    const response = await app.inject({
      url: '/api/v1/cluster/auth',
      headers: { host: 'console.lab.example' },
    })
    expect(response.statusCode).toBe(200)
  })
})

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin or site, whatever its content type', async () => {
    const app = await testApp()
    const attempts = [
      { origin: 'http://attacker.example' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:1234' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]
    for (const headers of attempts) {
      for (const method of ['POST', 'DELETE'] as const) {
        const response = await app.inject({
          method,
          url: method === 'POST' ? '/api/v1/models' : '/api/v1/models/guarded',
          headers: { host: '127.0.0.1:9997', ...headers },
          payload: LAUNCH,
        })
        expect(response.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(403)
        expect(response.json<{ detail: string }>().detail).toMatch(/Cross-site requests are refused/)
      }
    }
    expect(app.platform.models.launches()).toHaveLength(0)
  })

  it("lets the console's own pages and non-browser clients through", async () => {
    const app = await testApp()
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/v1/models/nothing/cancel',
      headers: { host: '127.0.0.1:9997', origin: 'http://127.0.0.1:9997', 'sec-fetch-site': 'same-origin' },
    })
    // Past the guard: the handler answers that nothing is launching.
    expect(sameOrigin.json()).toEqual({ detail: 'Model nothing is not being launched' })
    const curl = await app.inject({ method: 'POST', url: '/api/v1/models/nothing/cancel' })
    expect(curl.json()).toEqual({ detail: 'Model nothing is not being launched' })
    // Reading is not state-changing; a cross-site page cannot read the answer (no CORS).
    const read = await app.inject({ url: '/api/v1/models', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(read.statusCode).toBe(200)
  })

  it('refuses a cross-site OPTIONS and any TRACE, and a GET or HEAD that carries a body', async () => {
    const app = await testApp()
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/models',
      headers: { origin: 'http://attacker.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.statusCode).toBe(403)
    const trace = await app.inject({ method: 'TRACE' as 'GET', url: '/api/v1/models' })
    expect(trace.statusCode).toBe(405)
    expect(trace.json()).toEqual({ detail: 'TRACE is not served here' })
    const withBody = await app.inject({
      method: 'GET',
      url: '/api/v1/models',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(withBody.statusCode).toBe(400)
    expect(withBody.json()).toEqual({ detail: 'A GET request carries no body; send it without one' })
  })

  it('behind a trusted reverse proxy, checks the Host and Origin the browser used (X-Forwarded-Host)', async () => {
    // What a reverse proxy at 127.0.0.1 sends for a page of https://console.lab.example.
    const cancelViaProxy = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/models/nothing/cancel',
        headers: {
          host: '127.0.0.1:9997',
          'x-forwarded-host': 'console.lab.example',
          origin: 'https://console.lab.example',
          'x-forwarded-proto': 'https',
        },
        remoteAddress,
      })
    const trusting = await testApp({ allowedHosts: ['console.lab.example'], trustProxy: ['loopback'] })
    expect((await cancelViaProxy(trusting, '127.0.0.1')).json()).toEqual({
      detail: 'Model nothing is not being launched',
    })
    // From an address that is not the proxy, the header is a claim like any other: ignored.
    expect((await cancelViaProxy(trusting, '203.0.113.9')).statusCode).toBe(403)
    const untrusting = await testApp({ allowedHosts: ['console.lab.example'] })
    expect((await cancelViaProxy(untrusting, '127.0.0.1')).statusCode).toBe(403)
  })

  it('takes JSON only: a text/plain or form body (sendable cross-site without a preflight) gets 415', async () => {
    const app = await testApp()
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/models',
        headers: { 'content-type': contentType },
        payload: JSON.stringify(LAUNCH),
      })
      expect(response.statusCode, contentType).toBe(415)
      expect(response.json()).toEqual({ detail: 'Send the body as JSON (Content-Type: application/json)' })
    }
    expect(app.platform.models.launches()).toHaveLength(0)
  })
})

describe('bodies and paths', () => {
  it('refuses deeply nested and huge JSON with {detail}', async () => {
    const app = await testApp()
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const nested = await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      headers: { 'content-type': 'application/json' },
      payload: `{"model_name":"tiny-chat","model_type":"LLM","extra":${deep}}`,
    })
    expect(nested.statusCode).toBe(400)
    expect(nested.json<{ detail: string }>().detail).toMatch(/nested deeper than 16 levels/)
    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...LAUNCH, extra: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json<{ detail: string }>().detail).toBeTruthy()
  })

  it('reads an empty body typed as JSON as no body, as FastAPI does; a body a route needs is still asked for', async () => {
    const app = await testApp()
    const json = { 'content-type': 'application/json' }
    for (const [url, status] of [
      ['/v1/models/nothing', 400],
      ['/api/v1/models/nothing', 400],
      ['/api/v1/cache/models?model_version=nothing', 404],
    ] as const) {
      const bare = await app.inject({ method: 'DELETE', url })
      expect(bare.statusCode, url).toBe(status)
      for (const headers of [json, { ...json, 'content-length': '0' }]) {
        const typed = await app.inject({ method: 'DELETE', url, headers })
        expect(typed.statusCode, url).toBe(status)
        expect(typed.json(), url).toEqual(bare.json())
      }
    }
    // A POST that takes no body is served; one whose body is required answers 422, as without the header.
    const cancel = await app.inject({ method: 'POST', url: '/api/v1/models/nothing/cancel', headers: json })
    expect(cancel.json()).toEqual({ detail: 'Model nothing is not being launched' })
    const launch = await app.inject({ method: 'POST', url: '/api/v1/models', headers: json })
    expect(launch.statusCode).toBe(422)
    expect(launch.json()).toEqual((await app.inject({ method: 'POST', url: '/api/v1/models' })).json())
    expect(launch.json<{ detail: { loc: string[] }[] }>().detail[0]?.loc).toEqual(['body'])
    expect(app.platform.models.launches()).toHaveLength(0)
  })

  it('answers over-long names and bad URLs with {detail}', async () => {
    const app = await testApp()
    const long = 'a'.repeat(2000)
    for (const url of [
      `/api/v1/models/${long}`,
      `/api/v1/model_registrations/LLM/${long}`,
      '/api/v1/models/%E0%A4%A',
    ]) {
      const response = await app.inject({ method: 'DELETE', url })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(Object.keys(response.json()), url).toEqual(['detail'])
    }
  })
})

describe('security headers', () => {
  it('sends nosniff, a referrer policy and a CSP forbidding framing on the console and the API', async () => {
    const app = await testApp()
    for (const url of ['/ui/', '/api/v1/models']) {
      const response = await app.inject(url)
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
      expect(response.headers['referrer-policy'], url).toBe('same-origin')
      const csp = String(response.headers['content-security-policy'])
      expect(csp, url).toContain("frame-ancestors 'none'")
      expect(csp, url).toContain("script-src 'self'")
    }
  })
})
