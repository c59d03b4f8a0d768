import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * A request body must keep coming: after `idleMs` without a byte the connection is closed. (Node cuts a head that
 * is too slow, and a whole request that is too slow, but not a body that stops half-way: without this, a client
 * could hold a socket, its memory and a file descriptor for as long as it likes.) Once the body is in, the socket has
 * no idle limit again: a launch's answer can take minutes to come.
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
    const rest = () => socket.setTimeout(0)
    // While the body is incomplete the request hears of the timeout; once it is complete, the response does (and
    // without either listening, Node would destroy the socket of a request that did nothing wrong).
    raw.once('timeout', () => socket.destroy())
    reply.raw.once('timeout', rest)
    raw.once('end', rest)
    done()
  })
}
