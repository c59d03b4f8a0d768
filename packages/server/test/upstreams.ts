import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, createServer as createTcpServer, type Server, type Socket } from 'node:net'
import { afterThisTest } from './helper.js'

/**
 * Small real servers for the gateway's framing and header tests: upstreams that behave as real ones do where it
 * matters, and a raw client that writes requests byte for byte (fetch would fix what these tests send broken).
 */

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

function closeAfterTest(server: Server, sockets: Set<Socket>) {
  afterThisTest(() => {
    for (const socket of sockets) socket.destroy()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
}

export interface SeenRequest {
  method: string
  path: string
  headers: Record<string, string>
  body: string
  /** Which connection it came on, counted from 1. */
  connection: number
}

/**
 * An upstream that frames requests as uvicorn does: every request, whatever its method, has a body of
 * `Content-Length` bytes, and a GET is answered as soon as its head is in (a FastAPI route that does not read the
 * body). It answers each request with `{method, path}` as JSON, on keep-alive connections, and records what it
 * parsed — so a request whose length lies about its body shows up as the next request eaten or garbled.
 */
export async function framingUpstream() {
  const seen: SeenRequest[] = []
  const sockets = new Set<Socket>()
  let connections = 0
  const server = createTcpServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    const connection = ++connections
    let buffer = Buffer.alloc(0)
    let pending: { request: SeenRequest; remaining: number; answerAfter: boolean } | null = null
    const answer = (request: SeenRequest) => {
      const body = JSON.stringify({ method: request.method, path: request.path })
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
    }
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        if (pending) {
          const taken = buffer.subarray(0, pending.remaining)
          pending.request.body += taken.toString('latin1')
          pending.remaining -= taken.length
          buffer = buffer.subarray(taken.length)
          if (pending.remaining > 0) return
          if (pending.answerAfter) answer(pending.request)
          pending = null
          continue
        }
        const end = buffer.indexOf('\r\n\r\n')
        if (end === -1) return
        const [requestLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n')
        buffer = buffer.subarray(end + 4)
        const [method = '', path = ''] = requestLine.split(' ')
        const headers = Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(':')
            return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
          }),
        )
        const request: SeenRequest = { method, path, headers, body: '', connection }
        seen.push(request)
        if (!/^[A-Z]+$/.test(method) || !path.startsWith('/')) {
          socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 22\r\n\r\nInvalid HTTP request.\r\n')
          return
        }
        const length = Number(headers['content-length'] ?? 0)
        const answerAfter = method !== 'GET' && method !== 'HEAD'
        if (!answerAfter) answer(request)
        if (length > 0) pending = { request, remaining: length, answerAfter }
        else if (answerAfter) answer(request)
      }
    })
  })
  const url = await listen(server)
  closeAfterTest(server, sockets)
  return { url, seen, connections: () => connections }
}

/**
 * An upstream that writes raw bytes: `answers[i]` for the i-th request it reads a head of (on any connection),
 * without reading bodies. For answers that are not valid HTTP, or say more than they should.
 */
export async function rawUpstream(answers: string[]) {
  const sockets = new Set<Socket>()
  let connections = 0
  let requests = 0
  const server = createTcpServer((socket) => {
    sockets.add(socket)
    connections++
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let text = ''
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1')
      while (text.includes('\r\n\r\n')) {
        text = text.slice(text.indexOf('\r\n\r\n') + 4)
        socket.write(answers[requests++] ?? 'HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n')
      }
    })
  })
  const url = await listen(server)
  closeAfterTest(server, sockets)
  return { url, connections: () => connections, requests: () => requests }
}

/** A plain HTTP upstream with a handler of the test's own; it records each request's head. */
export async function httpUpstream(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: IncomingMessage[] = []
  const sockets = new Set<Socket>()
  const server = createHttpServer((request, response) => {
    seen.push(request)
    handler(request, response)
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  const url = await listen(server)
  closeAfterTest(server, sockets)
  return { url, seen }
}

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Writes `text` to the server of `url` as it is and reads one answer (sized by its Content-Length, or until the
 * server closes); null when the server closed without answering.
 */
export function rawRequest(url: string, text: string): Promise<RawAnswer | null> {
  // An answer to HEAD has no body, whatever its Content-Length says.
  const bodyless = text.startsWith('HEAD ')
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.write(text))
    let received = Buffer.alloc(0)
    const parse = (): RawAnswer | null => {
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return null
      const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n')
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':')
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
        }),
      )
      const body = received.subarray(end + 4)
      const length = headers['content-length']
      if (!bodyless && length !== undefined && body.length < Number(length)) return null
      return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') }
    }
    let done = false
    const finish = (answer: RawAnswer | null) => {
      if (done) return
      done = true
      socket.destroy()
      resolve(answer)
    }
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const answer = parse()
      if (answer && answer.headers['content-length'] !== undefined) finish(answer)
    })
    socket.on('error', () => finish(parse()))
    socket.on('close', () => finish(parse()))
  })
}

/** How long until the server closes a connection on which `start` wrote something and then went quiet. */
export function closedAfter(url: string, start: (socket: Socket) => void): Promise<number> {
  return new Promise((resolve) => {
    const began = Date.now()
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => start(socket))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(Date.now() - began))
    socket.resume()
  })
}
