import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * A request body must keep coming: after `idleMs` without a byte the connection is closed. (Node cuts a head that
 * is too slow, and a whole request that is too slow, but not a body that stops half-way: without this, a client
 * could hold a socket, its memory and a file descriptor for as long as it likes.) Once the body is in, the socket has
 * no idle limit again while its answer is prepared (a launch's answer can take minutes); once the answer is sent,
 * the socket's timers are Node's again (the keep-alive limit), and this leaves them alone.
 */
export function cutStalledBodies(app: FastifyInstance, idleMs: number) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw
    const framed =
      raw.headers['transfer-encoding'] !== undefined || raw.headers['content-length'] !== undefined
    const socket = raw.socket
    // An injected request (tests, tools) has no connection to stall.
    if (!framed || raw.complete || !(socket instanceof Socket)) return done()
    // Each chunk the parser reads restarts the socket's timer (Node's onParserExecute).
    socket.setTimeout(idleMs)
    const stalled = () => socket.destroy()
    const bodyIn = () => {
      forget()
      socket.setTimeout(0)
    }
    const forget = () => {
      raw.off('timeout', stalled)
      raw.off('end', bodyIn)
      reply.raw.off('timeout', bodyIn)
      reply.raw.off('finish', forget)
    }
    // While the body is incomplete the request hears of the timeout; once it is complete, the response does (and
    // without either listening, Node would destroy the socket of a request that did nothing wrong).
    raw.once('timeout', stalled)
    raw.once('end', bodyIn)
    reply.raw.once('timeout', bodyIn)
    reply.raw.once('finish', forget)
    done()
  })
}
