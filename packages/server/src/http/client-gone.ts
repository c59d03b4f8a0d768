import type { FastifyReply } from 'fastify'

/**
 * Aborts when the client goes away before its answer is complete, streamed or not, so nothing goes on working for
 * nobody (a generation here, a request to the cluster in gateway mode).
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}
