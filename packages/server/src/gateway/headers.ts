import type { IncomingHttpHeaders } from 'node:http'
import type { ClientView } from '../http/client-view.js'

type Headers = Record<string, string | string[] | undefined>

/** Headers that belong to one connection and are never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]

/**
 * Request headers the cluster never sees: the client's cookies (the console's token cookie among them) and proxy
 * credentials are for this server; forwarding headers are set by the gateway itself, so a client cannot claim
 * another address; the browser's view of this server (origin, referrer, fetch metadata) means nothing upstream; and
 * `Expect` is answered here (Node sends the 100 Continue).
 */
const NOT_FORWARDED = new Set([
  ...HOP_BY_HOP,
  'cookie',
  'proxy-authorization',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-real-ip',
  'origin',
  'referer',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-fetch-user',
  'expect',
])

/**
 * Answer headers that come back from the cluster: what describes the content, its caching and its errors — and
 * nothing else. Any other header could give the cluster a say over this origin (cookies, CORS grants, a security
 * policy, framing rules, HSTS, reporting endpoints, a service worker's scope, an internal redirect for a proxy in
 * front of the gateway), so only these are kept.
 */
const RETURNED = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'age',
  'date',
  'vary',
  'allow',
  'location',
  'retry-after',
  'www-authenticate',
  // A WebSocket handshake's answer (websocket.ts).
  'sec-websocket-accept',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
  // What the openai clients read of an error (its id, and whether to try again).
  'x-request-id',
  'x-should-retry',
  'retry-after-ms',
])

/** The header names a `Connection` header nominates as hop-by-hop (RFC 9110 §7.6.1). */
function nominated(headers: Headers): Set<string> {
  const connection = headers.connection
  const values = Array.isArray(connection) ? connection : connection ? [connection] : []
  return new Set(values.flatMap((value) => value.split(',')).map((name) => name.trim().toLowerCase()))
}

function filtered(headers: Headers, dropped: (name: string) => boolean): Record<string, string | string[]> {
  const hopByHop = nominated(headers)
  const kept: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (value === undefined || hopByHop.has(lower) || dropped(lower)) continue
    kept[lower] = value
  }
  return kept
}

/** The headers a request goes upstream with: the client's, less the ones above, plus the gateway's X-Forwarded-*. */
export function upstreamRequestHeaders(
  headers: IncomingHttpHeaders,
  client: ClientView,
): Record<string, string | string[]> {
  return {
    ...filtered(headers, (name) => NOT_FORWARDED.has(name)),
    'x-forwarded-for': client.ip,
    'x-forwarded-proto': client.protocol,
    'x-forwarded-host': client.host,
  }
}

/**
 * The headers an answer comes back with: the cluster's, less the ones above. A redirect to the cluster's own
 * address (Starlette's trailing-slash redirects name the address the cluster was asked at) stays on the gateway:
 * `Location` becomes a path on this server.
 */
export function clientAnswerHeaders(
  headers: Headers,
  upstream: { origin: string; basePath: string },
): Record<string, string | string[]> {
  const kept = filtered(headers, (name) => !RETURNED.has(name))
  const location = kept.location
  if (typeof location === 'string') kept.location = onGateway(location, upstream)
  return kept
}

/**
 * An absolute URL the cluster gave, as the same place on the gateway when it is under the endpoint. Others stay as
 * they are: relative ones already resolve on the gateway (its paths are the cluster's), and other sites are other
 * sites.
 */
export function onGateway(location: string, upstream: { origin: string; basePath: string }): string {
  if (!/^([a-z][a-z\d+.-]*:)?\/\//i.test(location) || !URL.canParse(location, upstream.origin))
    return location
  const url = new URL(location, upstream.origin)
  if (url.origin !== upstream.origin || !url.pathname.startsWith(`${upstream.basePath}/`)) return location
  return `${url.pathname.slice(upstream.basePath.length)}${url.search}${url.hash}`
}
