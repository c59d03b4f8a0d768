import { isIP } from 'node:net'
import { checkJsonShape } from '@serving-console/contract'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { clientView, type ProxyTrust } from './client-view.js'
import { HttpError } from './http-error.js'

/**
 * The only methods a page of another site may send: they read. Everything else can change state somewhere (here,
 * or in the cluster behind the gateway, whose CORS preflight answers must not reach another site either).
 */
const SAFE = new Set(['GET', 'HEAD'])

/** A request that carries a body, by its framing headers. */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length']
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

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

/** A request sent by a page of another origin than `host` (the browser says so in Sec-Fetch-Site/Origin). */
function crossSite(headers: IncomingHttpHeaders, host: string): boolean {
  const site = headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true
  const origin = headers.origin
  if (origin === undefined) return false
  if (!URL.canParse(origin)) return true
  return new URL(origin).host.toLowerCase() !== host.toLowerCase()
}

export interface GuardOptions {
  listenHost: string
  allowedHosts: readonly string[]
  /** Reverse proxies whose forwarding headers say which host the client asked for (`--trust-proxy`). */
  trust: ProxyTrust
}

/**
 * What the front door refuses, or null: a Host that does not name this server, a page of another site sending
 * anything but a read, a method that is not served, or a read that carries a body. Shared by HTTP (the hook below)
 * and the gateway's WebSocket upgrades.
 */
export function frontDoorRefusal(
  request: IncomingMessage,
  options: GuardOptions,
  { upgrade = false } = {},
): HttpError | null {
  const { headers } = request
  const method = request.method ?? ''
  // A WebSocket is a GET that then carries whatever the page sends: it is never only a read.
  const reads = SAFE.has(method) && !upgrade
  const { host } = clientView(request, options.trust)
  if (!hostAllowed(host, options.listenHost, options.allowedHosts)) {
    return new HttpError(
      403,
      `Host ${JSON.stringify(hostName(host))} is not allowed; start the server with --allowed-hosts ${hostName(host) || 'NAME'} to reach it by that name`,
    )
  }
  // TRACE would echo the request's headers (its Authorization) back to whoever can read the answer.
  if (method === 'TRACE' || method === 'CONNECT') return new HttpError(405, `${method} is not served here`)
  if (!reads && crossSite(headers, host)) {
    return new HttpError(403, 'Cross-site requests are refused; use the console served by this server')
  }
  // A server that reads a GET's body where this one did not (or the other way round) would split the connection's
  // requests differently: refused, so a body never means one thing here and another upstream.
  if (SAFE.has(method) && hasBody(headers)) {
    return new HttpError(400, `A ${method} request carries no body; send it without one`)
  }
  // Any other coding (gzip, chunked) would reach the body's readers undone: they would read it as it is not.
  const coding = headers['transfer-encoding']
  if (coding !== undefined && coding.trim().toLowerCase() !== 'chunked') {
    return new HttpError(400, 'Transfer-Encoding must be chunked alone')
  }
  return null
}

/**
 * The server's front door, in order: the Host must name this server, anything but a read must come from the
 * console's own origin (or from a client that is not a browser page), a read carries no body, and a body must be
 * JSON within the depth and size limits. Everything refused here is refused before auth and before any handler
 * runs.
 */
export function installRequestGuard(app: FastifyInstance, options: GuardOptions) {
  app.addHook('onRequest', async (request) => {
    const refused = frontDoorRefusal(request.raw, options)
    if (refused) throw refused
  })

  // JSON only: a page of another site can send text/plain or a form without asking the server first.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Clients send the JSON type on bodiless requests too (a DELETE through a wrapper that always sets it), and
    // upstream's FastAPI reads an empty body as none: so does this server. A route that needs a body then answers
    // 422, as it does when none is sent without the header.
    if (body.length === 0) return done(null, undefined)
    void parseJson(request, body.toString(), (error: Error | null, value?: unknown) => {
      if (error) return done(error)
      const problem = checkJsonShape(value)
      if (problem) return done(new HttpError(400, `The request body is too large or too deep: ${problem}`))
      done(null, value)
    })
  })
}
