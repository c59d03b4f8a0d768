import type { FastifyInstance } from 'fastify'

/**
 * The console's policy: its own scripts only, styles inline too (MUI's emotion writes style tags), requests only
 * to this server, never inside a frame of another page.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Headers on every answer: no MIME sniffing, no referrer to other sites, no framing, and the console's
 * Content-Security-Policy unless a route set its own (the model chat page does).
 */
export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'same-origin')
    reply.header('x-frame-options', 'DENY')
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONSOLE_CSP)
  })
}
