import { describe, expect, it } from 'vitest'
import { answerJson, raw } from './gateway-helper.js'
import { testGateway } from './helper.js'
import { closedAfter, framingUpstream, httpUpstream, rawRequest, rawUpstream } from './upstreams.js'

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
