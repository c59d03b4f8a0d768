import { describe, expect, it } from 'vitest'
import { UPSTREAM_CSP } from '../src/gateway/forward.js'
import { answerJson, raw } from './gateway-helper.js'
import { testGateway } from './helper.js'
import { httpUpstream, rawRequest } from './upstreams.js'

describe('headers are cleaned both ways', () => {
  it("drops the client's cookies, proxy credentials, forwarding claims and hop-by-hop headers", async () => {
    const upstream = await httpUpstream(answerJson)
    const { url } = await testGateway(upstream.url)
    const answer = await rawRequest(
      url,
      raw(
        [
          'GET /v1/models HTTP/1.1',
          'Cookie: token=the-console-token',
          'Proxy-Authorization: Basic c2VjcmV0',
          'X-Forwarded-For: 6.6.6.6',
          'X-Forwarded-Host: evil.example',
          'X-Forwarded-Proto: https',
          'Forwarded: for=6.6.6.6',
          'X-Real-IP: 6.6.6.6',
          'Connection: keep-alive, X-Drop-Me',
          'X-Drop-Me: secret',
          'Authorization: Bearer user-token',
        ].join('\r\n'),
      ),
    )
    expect(answer?.status).toBe(200)
    const sent = upstream.seen[0]?.headers ?? {}
    for (const name of ['cookie', 'proxy-authorization', 'forwarded', 'x-real-ip', 'x-drop-me']) {
      expect(sent[name], name).toBeUndefined()
    }
    expect(sent).toMatchObject({
      authorization: 'Bearer user-token',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': '127.0.0.1',
      'x-forwarded-proto': 'http',
    })
  })

  it("keeps the cluster's cookies, CORS grants, policies and hop-by-hop headers from the browser", async () => {
    const upstream = await httpUpstream((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/html',
        'set-cookie': 'session=upstream; Path=/',
        'access-control-allow-origin': '*',
        'access-control-allow-credentials': 'true',
        'content-security-policy': "script-src 'unsafe-inline'",
        'x-frame-options': 'ALLOWALL',
        'strict-transport-security': 'max-age=31536000',
        connection: 'keep-alive, x-upstream-hop',
        'x-upstream-hop': 'secret',
        nel: '{"report_to":"default","max_age":31536000}',
        'report-to': '{"group":"default","endpoints":[{"url":"https://collector.example"}]}',
        'x-accel-redirect': '/internal/secrets',
        'cache-control': 'no-store',
      })
      response.end('<script>alert(document.cookie)</script>')
    })
    const { url } = await testGateway(upstream.url)
    const answer = await fetch(`${url}/some-app/`)
    expect(await answer.text()).toBe('<script>alert(document.cookie)</script>')
    for (const name of [
      'set-cookie',
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'strict-transport-security',
      'x-upstream-hop',
      'nel',
      'report-to',
      'x-accel-redirect',
    ]) {
      expect(answer.headers.get(name), name).toBeNull()
    }
    expect(answer.headers.get('content-security-policy')).toBe(UPSTREAM_CSP)
    expect(answer.headers.get('x-frame-options')).toBe('DENY')
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  it('refuses a cross-site OPTIONS (a CORS preflight) before it reaches the cluster', async () => {
    const upstream = await httpUpstream((_request, response) => response.end())
    const { url } = await testGateway(upstream.url)
    const preflight = await fetch(`${url}/v1/models`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    })
    expect(preflight.status).toBe(403)
    expect(upstream.seen).toEqual([])
  })
})

describe('redirects stay on the gateway', () => {
  it("rewrites a redirect to the cluster's own address (Gradio's /{uid} → /{uid}/) to the gateway's path", async () => {
    for (const base of ['', '/base']) {
      const upstream = await httpUpstream((request, response) => {
        const path = new URL(request.url ?? '/', 'http://upstream').pathname
        if (path === `${base}/tiny`) {
          // Starlette names the address it was asked at, as Xinference 1.8 and 2.12 were recorded doing.
          response.writeHead(307, { location: `http://${request.headers.host}${base}/tiny/` }).end()
        } else if (path === `${base}/tiny/`) {
          response.writeHead(200, { 'content-type': 'text/html' }).end('<p>web UI</p>')
        } else if (path === `${base}/away`) {
          response.writeHead(302, { location: 'https://docs.example/elsewhere' }).end()
        } else response.writeHead(404).end()
      })
      const { url } = await testGateway(`${upstream.url}${base}`)
      const redirect = await fetch(`${url}/tiny`, { redirect: 'manual' })
      expect(redirect.status).toBe(307)
      expect(redirect.headers.get('location')).toBe('/tiny/')
      const page = await fetch(`${url}/tiny`)
      expect(page.url).toBe(`${url}/tiny/`)
      expect(await page.text()).toBe('<p>web UI</p>')
      expect(page.headers.get('content-security-policy')).toBe(UPSTREAM_CSP)
      const away = await fetch(`${url}/away`, { redirect: 'manual' })
      expect(away.headers.get('location')).toBe('https://docs.example/elsewhere')
    }
  })
})
