import { request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { upstreamPath } from '@serving-console/contract'
import { clientView } from '../http/client-view.js'
import { HttpError } from '../http/http-error.js'
import { rawAnswer } from '../http/error-handler.js'
import { frontDoorRefusal, type GuardOptions } from '../http/request-guard.js'
import { UPSTREAM_CSP } from './forward.js'
import { clientAnswerHeaders, upstreamRequestHeaders } from './headers.js'
import type { Upstream } from './upstream.js'

/** WebSockets open or being opened at once; a Gradio tab holds one or two. More is somebody exhausting the gateway. */
export const MAX_OPEN_SOCKETS = 512

/** A header block (status line first): the upstream's headers as any answer's are cleaned (headers.ts), plus `extra`. */
function headBlock(
  statusLine: string,
  message: IncomingMessage,
  upstream: Upstream,
  { omit = [], extra = [] }: { omit?: readonly string[]; extra?: readonly string[] } = {},
): string {
  const lines = [statusLine]
  for (const [name, value] of Object.entries(clientAnswerHeaders(message.headers, upstream))) {
    if (omit.includes(name)) continue
    for (const one of [value].flat()) lines.push(`${name}: ${one}`)
  }
  return `${[...lines, ...extra].join('\r\n')}\r\n\r\n`
}

/**
 * WebSocket upgrades (Gradio apps at `/{uid}/…` on Xinference 1.x and 2.x) go to the upstream, and once it
 * switches protocols the two sockets are joined byte for byte. The front door is the HTTP one: the Host must name
 * this server and a browser page of another origin may not open a socket (cross-site WebSocket hijacking). The
 * upstream's Origin check is not ours to satisfy, so the Origin is not sent on, as for HTTP.
 */
export function forwardUpgrades(
  server: Server,
  upstream: Upstream,
  guard: GuardOptions,
): { closeAll: () => void } {
  // Joined sockets are no longer the HTTP server's: it cannot close them when it shuts down, so we do. Only sockets
  // past the front door count against the limit, and a handshake holds its place for at most its time limit.
  const open = new Set<Duplex>()
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A socket's error (the browser gone) ends that socket, never the server. One that never became a WebSocket
    // closes once its answer is written: a client that keeps its half open keeps nothing here.
    socket.on('error', () => socket.destroy())
    socket.once('finish', () => socket.destroy())
    const refuse = (status: number, detail: string) => socket.end(rawAnswer(status, detail))

    const refused = frontDoorRefusal(request, guard, { upgrade: true })
    if (refused) return refuse(refused.statusCode, refused.detail)
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
      return refuse(400, 'Only WebSocket upgrades are forwarded')
    }
    let url: URL
    try {
      url = upstream.url(upstreamPath(request.url ?? '/'))
    } catch (error) {
      return refuse(400, error instanceof HttpError ? error.message : 'Bad request path')
    }
    if (open.size >= MAX_OPEN_SOCKETS) {
      return refuse(503, `Too many open WebSockets (${String(MAX_OPEN_SOCKETS)}); close some and retry`)
    }
    open.add(socket)
    socket.on('close', () => open.delete(socket))

    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const outgoing = send(url, {
      method: 'GET',
      headers: {
        ...upstreamRequestHeaders(request.headers, clientView(request, guard.trust)),
        connection: 'Upgrade',
        upgrade: 'websocket',
      },
      // From before the connection exists: the cluster must connect and answer the handshake in time. A
      // WebSocket, once open, may then be quiet for as long as it likes (a Gradio queue waits for the model).
      timeout: upstream.timeouts.upstreamConnectMs,
    })
    outgoing.on('timeout', () =>
      outgoing.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    )
    socket.on('close', () => outgoing.destroy())
    outgoing.on('upgrade', (answer: IncomingMessage, upstreamSocket: Socket, upstreamHead: Buffer) => {
      upstreamSocket.setTimeout(0)
      socket.write(
        headBlock('HTTP/1.1 101 Switching Protocols', answer, upstream, {
          extra: ['Connection: Upgrade', 'Upgrade: websocket'],
        }),
      )
      if (upstreamHead.length > 0) socket.write(upstreamHead)
      if (head.length > 0) upstreamSocket.write(head)
      upstreamSocket.on('error', () => socket.destroy())
      upstreamSocket.on('close', () => socket.destroy())
      socket.on('close', () => upstreamSocket.destroy())
      upstreamSocket.pipe(socket).pipe(upstreamSocket)
    })
    // The upstream answered without switching (404 for an unknown model, 401): that answer goes back as it is.
    outgoing.on('response', (answer: IncomingMessage) => {
      const status = answer.statusCode ?? 502
      const statusLine = `HTTP/1.1 ${String(status)} ${answer.statusMessage ?? ''}`
      // The body follows already decoded, ended by closing the connection: no framing headers of its own.
      socket.write(
        headBlock(statusLine, answer, upstream, {
          omit: ['content-length'],
          extra: [
            'Connection: close',
            `Content-Security-Policy: ${UPSTREAM_CSP}`,
            'X-Content-Type-Options: nosniff',
          ],
        }),
      )
      answer.on('error', () => socket.destroy())
      answer.pipe(socket)
    })
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (!socket.writable) return
      refuse(502, upstream.unreachable(error.code ?? error.message).message)
    })
    outgoing.end()
  })
  return {
    closeAll: () => {
      for (const socket of open) socket.destroy()
    },
  }
}
