import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { limited } from './forward.js'

/**
 * What no route of the gateway answers, forwarded as it is by `send`: bodies pass through unread (any type: Gradio
 * uploads, audio files), streamed, counted against a limit. A model terminated with success is told to
 * `terminated` (its Web UI page goes with it).
 */
export async function passThrough(
  app: FastifyInstance,
  send: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
  terminated: (request: FastifyRequest) => void,
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, limited(payload)))
    scope.all('/*', send)
    scope.addHook('onResponse', async (request, reply) => {
      if (request.method === 'DELETE' && reply.statusCode < 300) terminated(request)
    })
  })
}
