import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { UPSTREAM_CSP } from '../src/gateway/forward.js'
import { testGateway } from './helper.js'
import { closedAfter, framingUpstream, httpUpstream, rawRequest, rawUpstream } from './upstreams.js'

/** A request written by hand: a head (with the Host every test uses) and an optional body. */
const raw = (head: string, body = '') => `${head}\r\nHost: 127.0.0.1\r\n\r\n${body}`

/** An upstream's answer as FastAPI writes it: JSON, and typed so (the gateway holds its JSON routes to it). */
const answerJson = (_request: IncomingMessage, response: ServerResponse) =>
  response.setHeader('content-type', 'application/json').end('{}')

const CHAT = JSON.stringify({ model: 'tiny', messages: [{ role: 'user', content: 'hello' }] })
const chatRequest = raw(
  `POST /v1/chat/completions HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${CHAT.length}`,
  CHAT,
)

describe('the gateway frames every request it forwards as its client sent it', () => {
  it("refuses a GET or HEAD with a body, so its length never eats the next user's request", async () => {
    const upstream = await framingUpstream()
    const { url } = await testGateway(upstream.url)
    for (const head of ['GET /v1/models HTTP/1.1', 'HEAD /v1/models HTTP/1.1']) {
      const smuggler = await rawRequest(url, raw(`${head}\r\nContent-Length: ${CHAT.length + 40}`))
      if (head.startsWith('GET')) {
        expect(smuggler?.status).toBe(400)
        expect(JSON.parse(smuggler?.body ?? '{}')).toEqual({
          detail: 'A GET request carries no body; send it without one',
        })
      }
      const victim = await rawRequest(url, chatRequest)
      expect(victim?.status).toBe(200)
      expect(JSON.parse(victim?.body ?? '{}')).toEqual({ method: 'POST', path: '/v1/chat/completions' })
    }
    // The upstream read exactly the chats, each whole: nothing eaten, nothing smuggled in.
    expect(upstream.seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/v1/chat/completions', body: CHAT },
      { method: 'POST', path: '/v1/chat/completions', body: CHAT },
    ])
  })

  it('forwards a DELETE or OPTIONS body whole, with its own length', async () => {
    const upstream = await framingUpstream()
    const { url } = await testGateway(upstream.url)
    for (const [method, type] of [
      ['DELETE', 'Content-Type: application/json\r\n'],
      ['OPTIONS', 'Content-Type: application/json\r\n'],
      ['DELETE', ''],
    ] as const) {
      const answer = await rawRequest(
        url,
        raw(`${method} /v1/models/x HTTP/1.1\r\n${type}Content-Length: 7`, '{"a":1}'),
      )
      expect(answer?.status, method).toBe(200)
      expect((await rawRequest(url, chatRequest))?.status).toBe(200)
    }
    expect(upstream.seen.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'DELETE', body: '{"a":1}' },
      { method: 'POST', body: CHAT },
      { method: 'OPTIONS', body: '{"a":1}' },
      { method: 'POST', body: CHAT },
      { method: 'DELETE', body: '{"a":1}' },
      { method: 'POST', body: CHAT },
    ])
  })

  it('forwards a DELETE typed as JSON with no body as a DELETE with no body', async () => {
    const upstream = await framingUpstream()
    const { url } = await testGateway(upstream.url)
    for (const length of ['\r\nContent-Length: 0', '']) {
      const head = `DELETE /api/v1/models/x HTTP/1.1\r\nContent-Type: application/json${length}`
      const answer = await rawRequest(url, raw(head))
      expect(answer?.status, head).toBe(200)
      expect(JSON.parse(answer?.body ?? '{}')).toEqual({ method: 'DELETE', path: '/v1/models/x' })
      expect((await rawRequest(url, chatRequest))?.status).toBe(200)
    }
    expect(upstream.seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'DELETE', path: '/v1/models/x', body: '' },
      { method: 'POST', path: '/v1/chat/completions', body: CHAT },
      { method: 'DELETE', path: '/v1/models/x', body: '' },
      { method: 'POST', path: '/v1/chat/completions', body: CHAT },
    ])
  })

  it('answers a request it refuses before reading its body, and ends that connection', async () => {
    const upstream = await httpUpstream(answerJson)
    const { url } = await testGateway(upstream.url)
    let answer = ''
    const closed = await closedAfter(url, (socket) => {
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
      // A body it will never read the rest of: the path is refused first.
      socket.write(raw(`PUT /%2e%2e/x HTTP/1.1\r\nContent-Length: 2000000`, 'x'.repeat(100_000)))
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toMatch(/connection: close/i)
    // Well before the idle-body limit (30 s) would have cut it.
    expect(closed).toBeLessThan(5000)
    expect(upstream.seen).toEqual([])
  })

  it('refuses a transfer coding other than chunked alone, and names a malformed content type', async () => {
    const upstream = await framingUpstream()
    const { url } = await testGateway(upstream.url)
    const gzipped = await rawRequest(
      url,
      raw('POST /v1/chat/completions HTTP/1.1\r\nTransfer-Encoding: gzip, chunked', '3\r\nabc\r\n0\r\n\r\n'),
    )
    expect(gzipped?.status).toBe(400)
    expect(JSON.parse(gzipped?.body ?? '{}')).toEqual({ detail: 'Transfer-Encoding must be chunked alone' })
    const malformed = await rawRequest(
      url,
      raw('POST /v1/chat/completions HTTP/1.1\r\nContent-Type: ;;\r\nContent-Length: 2', '{}'),
    )
    expect(malformed?.status).toBe(415)
    expect(JSON.parse(malformed?.body ?? '{}')).toEqual({
      detail: 'The Content-Type header names no media type (type/subtype)',
    })
    expect(upstream.seen).toEqual([])
  })

  it("passes a query on as it came, malformed escapes and all: they are the cluster's to judge", async () => {
    const upstream = await httpUpstream(answerJson)
    const { url } = await testGateway(upstream.url)
    for (const query of ['q=%', 'x=%E0%A4%A', 'next=../a']) {
      expect((await rawRequest(url, raw(`GET /v1/models?${query} HTTP/1.1`)))?.status, query).toBe(200)
    }
    expect(upstream.seen.map((request) => request.url)).toEqual([
      '/v1/models?q=%',
      '/v1/models?x=%E0%A4%A',
      '/v1/models?next=../a',
    ])
  })

  it('never reuses a connection whose answer said more than its length', async () => {
    const upstream = await rawUpstream([
      // An answer with a second, unasked-for answer glued on: it must not become the next request's answer.
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{"n":"1"}' +
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"n":"smuggle"}',
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{"n":"2"}',
    ])
    const { url } = await testGateway(upstream.url)
    expect(await (await fetch(`${url}/v1/models`)).json()).toEqual({ n: '1' })
    expect(await (await fetch(`${url}/v1/models`)).json()).toEqual({ n: '2' })
    expect(upstream.connections()).toBe(2)
  })

  it('answers 502 when the upstream answers something that is not HTTP', async () => {
    const upstream = await rawUpstream(['HTTP/1.1 200 OK\r\nContent-Length: nope\r\n\r\n'])
    const { url } = await testGateway(upstream.url)
    const answer = await fetch(`${url}/v1/models`)
    expect(answer.status).toBe(502)
    expect(((await answer.json()) as { detail: string }).detail).toBe(
      `The Xinference cluster at ${upstream.url} answered /v1/models with something that is not HTTP`,
    )
  })
})

describe('every forwarded path stays under the endpoint', () => {
  const escapes = [
    '/../x',
    '/%2e%2e/x',
    '/%2E%2E/x',
    '/.%2e/x',
    '/%2e./x',
    '/v1/../../x',
    '/v1/%2e%2e/%2e%2e/x',
    '/v1/..%2f..%2fx',
    '/v1/%252e%252e/%252e%252e/x',
    '/./x',
    '/v1/%zz',
  ]

  it('refuses dot segments however they are written, over HTTP and WebSocket', async () => {
    const upstream = await httpUpstream(answerJson)
    const { url } = await testGateway(`${upstream.url}/base`)
    for (const path of escapes) {
      expect((await rawRequest(url, raw(`GET ${path} HTTP/1.1`)))?.status, path).toBe(400)
      const upgrade = await rawRequest(
        url,
        raw(
          `GET ${path} HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==`,
        ),
      )
      expect(upgrade?.status, `WebSocket ${path}`).toBe(400)
    }
    expect(upstream.seen).toEqual([])
    expect((await rawRequest(url, raw('GET /v1/models?x=1 HTTP/1.1')))?.status).toBe(200)
    expect(upstream.seen.map((request) => request.url)).toEqual(['/base/v1/models?x=1'])
  })
})

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

describe('the gateway under a hostile or silent upstream', () => {
  it('answers 504 when the cluster sends no answer in time, and frees the connection', async () => {
    const upstream = await httpUpstream(() => undefined)
    const { url } = await testGateway(upstream.url, { timeouts: { upstreamAnswerMs: 300 } })
    const answer = await fetch(`${url}/v1/models`)
    expect(answer.status).toBe(504)
    expect(((await answer.json()) as { detail: string }).detail).toBe(
      `The Xinference cluster at ${upstream.url} did not answer /v1/models in time`,
    )
  })

  it('closes its upstream request when the client goes away', async () => {
    let closed = false
    const upstream = await httpUpstream((request) => request.socket.on('close', () => (closed = true)))
    const { url } = await testGateway(upstream.url)
    const abort = new AbortController()
    const pending = fetch(`${url}/v1/models`, { signal: abort.signal }).catch(() => null)
    await expect.poll(() => upstream.seen.length).toBe(1)
    abort.abort()
    await pending
    await expect.poll(() => closed).toBe(true)
  })
})

/** An Xinference 2.12 stand-in whose `/v1/models/instances` and progress answer with `answer`. */
async function clusterAnswering(
  answer: (response: import('node:http').ServerResponse, path: string) => void,
) {
  return httpUpstream((request, response) => {
    const path = new URL(request.url ?? '/', 'http://upstream').pathname
    if (path === '/v1/cluster/version') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"version":"2.12.0"}')
    } else answer(response, path)
  })
}

describe('adapted routes take only JSON from the cluster, and only so much', () => {
  it('answers 502 naming what came when a 200 is not JSON', async () => {
    const upstream = await clusterAnswering((response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>'),
    )
    const { url } = await testGateway(upstream.url)
    const launches = await fetch(`${url}/api/v1/models/launches`)
    expect(launches.status).toBe(502)
    expect(((await launches.json()) as { detail: string }).detail).toBe(
      `The Xinference cluster at ${upstream.url} answered text/html where JSON was expected, from /v1/models/instances`,
    )
  })

  it('turns a plain-text error into {detail}, keeping its status', async () => {
    const upstream = await clusterAnswering((response) =>
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error: boom'),
    )
    const { url } = await testGateway(upstream.url)
    const progress = await fetch(`${url}/api/v1/models/x/progress`)
    expect(progress.status).toBe(500)
    expect(await progress.json()).toEqual({ detail: 'Internal Server Error: boom' })
  })

  it('answers 502, not 500, for JSON nested too deep to write out again', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const upstream = await clusterAnswering((response, path) =>
      path === '/v1/models/instances'
        ? response.writeHead(200, { 'content-type': 'application/json' }).end(deep)
        : response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}'),
    )
    const { url } = await testGateway(upstream.url)
    const launches = await fetch(`${url}/api/v1/models/launches`)
    expect(launches.status).toBe(502)
    expect(((await launches.json()) as { detail: string }).detail).toMatch(/nested deeper than 64 levels/)
  })

  it('stops reading an answer past its bound, without holding it whole', async () => {
    let written = 0
    let finished = false
    const upstream = await clusterAnswering((response, path) => {
      if (!path.endsWith('/progress')) return void response.writeHead(404).end()
      response.writeHead(200, { 'content-type': 'application/json' })
      // 60 MiB, as fast as the gateway takes it; a gateway that reads it all lets it finish.
      const chunk = Buffer.alloc(1024 * 1024, 0x20)
      const more = () => {
        while (written < 60 && response.write(chunk)) written++
        if (written >= 60) response.end(() => (finished = true))
      }
      response.on('drain', () => {
        written++
        more()
      })
      more()
    })
    const { url } = await testGateway(upstream.url)
    const progress = await fetch(`${url}/api/v1/models/x/progress`)
    expect(progress.status).toBe(502)
    expect(((await progress.json()) as { detail: string }).detail).toMatch(
      /answered more than 64 KiB to \/v1\/models\/x\/progress$/,
    )
    expect(finished).toBe(false)
    expect(written).toBeLessThan(60)
  })
})

describe("forwarded answers to the console's JSON routes are JSON, or a 502 saying what came", () => {
  const page = '<!doctype html><title>Sign in</title>'

  it('answers 502 naming what came when the registrations list is an HTML page, at /v1 and /api/v1', async () => {
    // A proxy in front of the cluster, or a web UI at its address, answering the API with a page.
    const upstream = await httpUpstream((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=600' })
        .end(page),
    )
    const { url } = await testGateway(upstream.url)
    for (const [path, asked] of [
      ['/v1/model_registrations/LLM', '/v1/model_registrations/LLM'],
      ['/api/v1/model_registrations/LLM?detailed=true', '/v1/model_registrations/LLM'],
      ['/api/v1/model_registrations/embedding', '/v1/model_registrations/embedding'],
    ] as const) {
      const answer = await fetch(`${url}${path}`)
      expect(answer.status, path).toBe(502)
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/)
      // Nothing the cluster said of its page describes this answer: a browser must not keep it.
      expect(answer.headers.get('cache-control'), path).toBeNull()
      expect(await answer.json(), path).toEqual({
        detail: `The Xinference cluster at ${upstream.url} answered text/html where JSON was expected, from ${asked}`,
      })
    }
    expect(upstream.seen).toHaveLength(3)
  })

  it('holds every JSON route to it, and passes JSON, plain-text errors, empty answers and other routes on', async () => {
    const upstream = await httpUpstream((request, response) => {
      const path = new URL(request.url ?? '/', 'http://upstream').pathname
      const json = { 'content-type': 'application/json' }
      if (path === '/v1/cluster/info') response.writeHead(200, json).end('[]')
      else if (path === '/v1/engines/qwen') response.writeHead(404, { 'content-type': 'text/html' }).end(page)
      else if (path === '/v1/models/prompts') response.writeHead(200).end('{}')
      else if (path === '/v1/cache/models')
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error: boom')
      else if (path === '/v1/models/gone') response.writeHead(200, { 'content-length': '0' }).end()
      else if (path === '/metrics') response.writeHead(200, { 'content-type': 'text/plain' }).end('up 1\n')
      else response.writeHead(200, { 'content-type': 'text/html' }).end(page)
    })
    const { url } = await testGateway(upstream.url)
    const detail = async (answer: Response) => ((await answer.json()) as { detail: string }).detail
    expect(await (await fetch(`${url}/v1/cluster/info?detailed=true`)).json()).toEqual([])
    const missing = await fetch(`${url}/api/v1/engines/qwen`)
    expect(missing.status).toBe(502)
    expect(await detail(missing)).toMatch(
      /answered text\/html where JSON was expected, from \/v1\/engines\/qwen$/,
    )
    const untyped = await fetch(`${url}/api/v1/models/prompts`)
    expect(untyped.status).toBe(502)
    expect(await detail(untyped)).toMatch(/answered an answer without a content type where JSON was expected/)
    const failed = await fetch(`${url}/api/v1/cache/models?model_version=x`, { method: 'DELETE' })
    expect(failed.status).toBe(500)
    expect(await failed.text()).toBe('Internal Server Error: boom')
    const gone = await fetch(`${url}/api/v1/models/gone`, { method: 'DELETE' })
    expect(gone.status).toBe(200)
    expect(await gone.text()).toBe('')
    // Not the console's JSON routes: a model's web UI, the cluster's metrics.
    const ui = await fetch(`${url}/tiny/`)
    expect(ui.status).toBe(200)
    expect(ui.headers.get('content-security-policy')).toBe(UPSTREAM_CSP)
    expect(await ui.text()).toBe(page)
    expect(await (await fetch(`${url}/metrics`)).text()).toBe('up 1\n')
  })
})
