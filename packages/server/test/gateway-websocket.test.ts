import { createHash, randomBytes } from 'node:crypto'
import { createServer, request, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import type { Duplex } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { MAX_OPEN_SOCKETS } from '../src/gateway/websocket.js'
import { afterThisTest, testGateway } from './helper.js'

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
const acceptFor = (key: string) =>
  createHash('sha1')
    .update(key + WEBSOCKET_GUID)
    .digest('base64')

/**
 * A Gradio-like upstream: `/{uid}/queue/join` accepts a WebSocket (a real RFC 6455 handshake) and echoes what
 * comes, prefixed; any other upgrade is answered 404. It records the handshakes it saw.
 */
async function socketUpstream() {
  const seen: IncomingMessage[] = []
  const server = createServer((_request, response) => response.writeHead(404).end())
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    seen.push(req)
    if (!new URL(req.url ?? '/', 'http://upstream').pathname.endsWith('/queue/join')) {
      socket.end(
        'HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 22\r\n\r\n{"detail":"Not Found"}',
      )
      return
    }
    const key = String(req.headers['sec-websocket-key'])
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${acceptFor(key)}\r\n\r\n`,
    )
    socket.on('data', (chunk: Buffer) => socket.write(`echo:${chunk.toString()}`))
    // Server sockets stay half open: close when the other side does, as a WebSocket server would.
    socket.on('end', () => socket.end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterThisTest(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return { url, seen }
}

type Handshake =
  | { switched: true; response: IncomingMessage; socket: Duplex }
  | { switched: false; response: IncomingMessage; body: string }

/** A browser-like WebSocket handshake for `path` (sent as it is) at the server of `url`. */
function handshake(url: string, path: string, extra: OutgoingHttpHeaders = {}): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const outgoing = request({
      hostname,
      port,
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        ...extra,
      },
    })
    outgoing.on('upgrade', (response, socket) => {
      afterThisTest(() => void socket.destroy())
      resolve({ switched: true, response, socket })
    })
    outgoing.on('response', (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ switched: false, response, body }))
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

const nextData = (socket: Duplex) =>
  new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString())))

describe('WebSocket upgrades through the gateway (Gradio on Xinference 1.x and 2.x)', () => {
  it("joins the browser's socket to the upstream's, both ways, with the upstream's handshake", async () => {
    const upstream = await socketUpstream()
    const { url } = await testGateway(upstream.url)
    const key = randomBytes(16).toString('base64')
    const answer = await handshake(url, '/chat-uid/queue/join?session=1', {
      'Sec-WebSocket-Key': key,
      Origin: url,
    })
    if (!answer.switched) throw new Error(`no upgrade: ${String(answer.response.statusCode)} ${answer.body}`)
    expect(answer.response.headers['sec-websocket-accept']).toBe(acceptFor(key))
    answer.socket.write('hello')
    expect(await nextData(answer.socket)).toBe('echo:hello')
    answer.socket.write('again')
    expect(await nextData(answer.socket)).toBe('echo:again')

    const [seen] = upstream.seen
    expect(seen?.url).toBe('/chat-uid/queue/join?session=1')
    expect(seen?.headers['sec-websocket-key']).toBe(key)
    // The browser's view of our origin means nothing upstream.
    expect(seen?.headers.origin).toBeUndefined()
  })

  it('closes joined sockets when the gateway shuts down, instead of waiting for them', async () => {
    const upstream = await socketUpstream()
    const { app, url } = await testGateway(upstream.url)
    const answer = await handshake(url, '/chat-uid/queue/join')
    if (!answer.switched) throw new Error('no upgrade')
    const closed = new Promise((resolve) => answer.socket.on('close', resolve))
    await app.close()
    await closed
    expect(answer.socket.destroyed).toBe(true)
  })

  it('bounds the sockets open at once (503), and takes new ones when some close', async () => {
    const upstream = await socketUpstream()
    const { url } = await testGateway(upstream.url)
    const open = await Promise.all(
      Array.from({ length: MAX_OPEN_SOCKETS }, () => handshake(url, '/chat-uid/queue/join')),
    )
    expect(open.every((answer) => answer.switched)).toBe(true)
    const over = await handshake(url, '/chat-uid/queue/join')
    expect(over.response.statusCode).toBe(503)
    const first = open[0]
    if (!first?.switched) throw new Error('no upgrade')
    const closed = new Promise((resolve) => first.socket.on('close', resolve))
    first.socket.end()
    await closed
    await expect.poll(async () => (await handshake(url, '/chat-uid/queue/join')).switched).toBe(true)
  })

  it('holds no place for a refused handshake, even when its client keeps the connection', async () => {
    const upstream = await socketUpstream()
    const { url } = await testGateway(upstream.url)
    const port = Number(new URL(url).port)
    // More refused handshakes than the limit, each from a client that never closes its side.
    const refused = await Promise.all(
      Array.from(
        { length: MAX_OPEN_SOCKETS + 10 },
        () =>
          new Promise<boolean>((resolve) => {
            // A client that keeps its half of the connection open after the gateway has answered.
            const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () =>
              socket.write(
                'GET /chat-uid/queue/join HTTP/1.1\r\nHost: evil.example\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
              ),
            )
            afterThisTest(() => void socket.destroy())
            socket.on('error', () => undefined)
            // The refusal read to its end.
            socket.on('end', () => resolve(true))
            socket.resume()
          }),
      ),
    )
    expect(refused.every(Boolean)).toBe(true)
    expect((await handshake(url, '/chat-uid/queue/join')).switched).toBe(true)
  })

  it("passes on the upstream's refusal as it is", async () => {
    const upstream = await socketUpstream()
    const { url } = await testGateway(upstream.url)
    const answer = await handshake(url, '/unknown-uid/other')
    expect(answer.switched).toBe(false)
    expect(answer.response.statusCode).toBe(404)
    if (!answer.switched) expect(JSON.parse(answer.body)).toEqual({ detail: 'Not Found' })
  })

  it('refuses a page of another site, another Host, another protocol and a path naming another host', async () => {
    const upstream = await socketUpstream()
    const { url } = await testGateway(upstream.url)
    const crossSite = await handshake(url, '/chat-uid/queue/join', { Origin: 'https://evil.example' })
    expect(crossSite.response.statusCode).toBe(403)
    const otherHost = await handshake(url, '/chat-uid/queue/join', { Host: 'evil.example' })
    expect(otherHost.response.statusCode).toBe(403)
    const notWebSocket = await handshake(url, '/chat-uid/queue/join', { Upgrade: 'h2c' })
    expect(notWebSocket.response.statusCode).toBe(400)
    const elsewhere = await handshake(url, '//evil.example/queue/join')
    expect(elsewhere.response.statusCode).toBe(400)
    // None of them reached the upstream.
    expect(upstream.seen).toHaveLength(0)
  })

  it('says which upstream it cannot reach', async () => {
    const { url } = await testGateway('http://127.0.0.1:9')
    const answer = await handshake(url, '/chat-uid/queue/join')
    expect(answer.response.statusCode).toBe(502)
    if (!answer.switched) {
      expect(JSON.parse(answer.body)).toEqual({
        detail: 'Cannot reach the Xinference cluster at http://127.0.0.1:9: ECONNREFUSED',
      })
    }
  })

  it('gives up on a handshake the upstream never answers, and keeps an open socket however quiet', async () => {
    const silent = await socketUpstream()
    // An upstream that takes the upgrade request and says nothing.
    const mute = createServer()
    mute.on('upgrade', (_request: IncomingMessage, socket: Duplex) =>
      afterThisTest(() => void socket.destroy()),
    )
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve))
    afterThisTest(() => new Promise<void>((resolve) => mute.close(() => resolve())))
    const address = mute.address()
    const muteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const timeouts = { upstreamConnectMs: 300 }
    const open = await handshake((await testGateway(silent.url, { timeouts })).url, '/chat-uid/queue/join')
    if (!open.switched) throw new Error('no upgrade')
    const closed = vi.fn()
    open.socket.on('close', closed)

    const { url } = await testGateway(muteUrl, { timeouts })
    const answer = await handshake(url, '/chat-uid/queue/join')
    expect(answer.response.statusCode).toBe(502)
    if (!answer.switched) {
      expect((JSON.parse(answer.body) as { detail: string }).detail).toBe(
        `Cannot reach the Xinference cluster at ${muteUrl}: ETIMEDOUT`,
      )
    }

    // That handshake, begun after the socket opened, ran out its limit: the socket has been quiet for longer
    // than the limit, and is still joined both ways.
    open.socket.write('still there')
    expect(await nextData(open.socket)).toBe('echo:still there')
    expect(closed).not.toHaveBeenCalled()
  })
})
