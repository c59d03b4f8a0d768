import { isIP } from 'node:net'
import { checkJsonShape } from '@serving-console/contract'
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http-error.js'

/** Methods that change state: a web page of another site must never be able to send one. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** `Host: name:port`, `[::1]:port` → the name alone, lower case. */
export function hostName(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host)
  if (bracketed?.[1]) return bracketed[1].toLowerCase()
  return host.replace(/:\d+$/, '').toLowerCase()
}

/**
 * Whether a Host header names this server. DNS rebinding points an attacker's name at 127.0.0.1, so only names
 * that cannot be rebound are answered by default: IP addresses, `localhost` and the `--host` name; any other
 * name must be listed (`.example.com` allows its subdomains too, `*` allows everything).
 */
export function hostAllowed(host: string, listenHost: string, allowedHosts: readonly string[]): boolean {
  const name = hostName(host)
  if (!name) return false
  if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true
  if (name === listenHost.toLowerCase()) return true
  return allowedHosts.some(
    (allowed) =>
      allowed === '*' ||
      allowed === name ||
      (allowed.startsWith('.') && (name === allowed.slice(1) || name.endsWith(allowed))),
  )
}

/** A request sent by a page of another origin (the browser says so in Sec-Fetch-Site/Origin). */
function crossSite(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true
  const origin = headers.origin
  if (origin === undefined) return false
  if (!URL.canParse(origin)) return true
  return new URL(origin).host.toLowerCase() !== (headers.host ?? '').toLowerCase()
}

export interface GuardOptions {
  listenHost: string
  allowedHosts: readonly string[]
}

/**
 * What the front door refuses, or null: a Host that does not name this server, or a page of another site sending
 * a request that can change state. Shared by HTTP (the hook below) and the gateway's WebSocket upgrades.
 */
export function frontDoorRefusal(
  headers: IncomingHttpHeaders,
  changesState: boolean,
  options: GuardOptions,
): HttpError | null {
  const host = headers.host ?? ''
  if (!hostAllowed(host, options.listenHost, options.allowedHosts)) {
    return new HttpError(
      403,
      `Host ${JSON.stringify(hostName(host))} is not allowed; start the server with --allowed-hosts ${hostName(host) || 'NAME'} to reach it by that name`,
    )
  }
  if (changesState && crossSite(headers)) {
    return new HttpError(403, 'Cross-site requests are refused; use the console served by this server')
  }
  return null
}

/**
 * The server's front door, in order: the Host must name this server, a state-changing request must come from
 * the console's own origin (or from a client that is not a browser page), and a body must be JSON within the
 * depth and size limits. Everything refused here is refused before auth and before any handler runs.
 */
export function installRequestGuard(app: FastifyInstance, options: GuardOptions) {
  app.addHook('onRequest', async (request) => {
    const refused = frontDoorRefusal(request.headers, STATE_CHANGING.has(request.method), options)
    if (refused) throw refused
  })

  // JSON only: a page of another site can send text/plain or a form without asking the server first.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, body.toString(), (error: Error | null, value?: unknown) => {
      if (error) return done(error)
      const problem = checkJsonShape(value)
      if (problem) return done(new HttpError(400, `The request body is too large or too deep: ${problem}`))
      done(null, value)
    })
  })
}
