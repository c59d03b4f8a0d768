import type { FastifyReply } from 'fastify'
import type { UpstreamJson } from './upstream.js'

/**
 * Sends an upstream answer the gateway read whole back to the client: a 2xx body through `adapt`, an error as the
 * upstream said it, with its status and the headers that matter.
 */
export function relay(
  reply: FastifyReply,
  answer: UpstreamJson,
  adapt: (body: unknown) => unknown = (body) => body,
) {
  reply.code(answer.status)
  for (const name of ['www-authenticate', 'retry-after'] as const) {
    const value = answer.headers[name]
    if (value !== undefined) reply.header(name, value)
  }
  const ok = answer.status >= 200 && answer.status < 300
  return reply
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(ok ? adapt(answer.body) : answer.body))
}
