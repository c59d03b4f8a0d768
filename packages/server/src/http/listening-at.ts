import type { FastifyInstance } from 'fastify'

/** `host:port` the server listens at (the port it was given until it listens): how its messages name it. */
export function listeningAt(app: FastifyInstance, config: { host: string; port: number }): string {
  const bound = app.server.address()
  const port = typeof bound === 'object' && bound ? bound.port : config.port
  return `${config.host}:${String(port)}`
}
