import { Readable, Transform } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { upstreamPath } from '@serving-console/contract'
import { HttpError } from '../http-error.js'
import { compressed, encodingFor } from './compress.js'
import { forwardableRequestHeaders, forwardableResponseHeaders, type Upstream } from './upstream.js'

/** The largest body forwarded as it is (audio and image uploads included). JSON the gateway reads is 1 MiB. */
export const MAX_FORWARDED_BODY = 100 * 1024 * 1024

/** Counts a body on its way through and stops it past the limit, for bodies that came without a length. */
function limited(body: Readable, limit: number): Readable {
  let seen = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length
      if (seen > limit) callback(new HttpError(413, `The request body is over ${limit / 1024 ** 2} MiB`))
      else callback(null, chunk)
    },
  })
  body.on('error', (error) => counter.destroy(error))
  return body.pipe(counter)
}

/**
 * The body to send on: the raw stream where the route left it unparsed (the catch-all), or the JSON a route
 * parsed and checked, written out again (with its new length).
 */
function bodyOf(
  request: FastifyRequest,
  headers: Record<string, string | string[]>,
): { body?: Readable | string } {
  const body = request.body
  if (body === undefined || body === null) return {}
  if (body instanceof Readable) return { body: limited(body, MAX_FORWARDED_BODY) }
  const json = JSON.stringify(body)
  headers['content-length'] = String(Buffer.byteLength(json))
  headers['content-type'] = 'application/json'
  return { body: json }
}

/**
 * Aborts when our client goes away before the answer is complete, so the upstream stops working for nobody (a
 * blocking launch, a chat stream).
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/**
 * Forwards a request byte for byte and streams the answer back as it comes (SSE chunk by chunk). SPEC's
 * `/api/v1/...` paths become upstream's `/v1/...`; every other path goes as it is. Status, body and headers come
 * back unchanged: 401/403/429 and plain-text 500s reach the console as the upstream wrote them. Large JSON goes
 * compressed where the browser takes it (compress.ts).
 */
export async function forward(
  upstream: Upstream,
  request: FastifyRequest,
  reply: FastifyReply,
  path = upstreamPath(request.url),
) {
  const length = Number(request.headers['content-length'] ?? 0)
  if (length > MAX_FORWARDED_BODY) {
    throw new HttpError(413, `The request body is over ${MAX_FORWARDED_BODY / 1024 ** 2} MiB`)
  }
  const headers = forwardableRequestHeaders(request.headers)
  const answer = await upstream.send(request.method, path, {
    headers,
    ...bodyOf(request, headers),
    signal: clientGone(reply),
  })
  reply.raw.on('close', () => answer.destroy())
  const status = answer.statusCode ?? 502
  const responseHeaders = forwardableResponseHeaders(answer.headers)
  const encoding =
    request.method === 'HEAD' || status === 204 || status === 304
      ? null
      : encodingFor(request.headers['accept-encoding'], answer.headers)
  if (!encoding) return reply.code(status).headers(responseHeaders).send(answer)
  delete responseHeaders['content-length']
  return reply
    .code(status)
    .headers({ ...responseHeaders, 'content-encoding': encoding, vary: 'accept-encoding' })
    .send(compressed(answer, encoding))
}
