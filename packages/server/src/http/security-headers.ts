import { createHash } from 'node:crypto'
import { COLOR_SCHEME_SCRIPT, SHELL_ADDRESS_CHECK } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'

/** A policy's source for an inline script or style: its hash. */
export const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/**
 * The console's policy: its own scripts only (and index.html's two inline scripts, by their hashes: the one that
 * picks the colour scheme before the first paint, and the one that shows the prerendered screen of the address
 * opened, or none), styles inline too (MUI's emotion writes style tags), requests only to this
 * server, never inside a frame of another page.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  `script-src 'self' ${sha256Source(COLOR_SCHEME_SCRIPT)} ${sha256Source(SHELL_ADDRESS_CHECK)}`,
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
 * Content-Security-Policy unless a route set its own (the model chat page does). An answer to a request that
 * carried credentials is kept by no cache (a shared proxy would hand it to the next caller), unless its route
 * says otherwise; the routes that hand out tokens say `no-store` themselves.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization !== undefined && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store')
    }
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'same-origin')
    reply.header('x-frame-options', 'DENY')
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONSOLE_CSP)
  })
}
