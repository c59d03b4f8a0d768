import { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingHttpHeaders } from 'node:http'
import { Readable, Transform } from 'node:stream'
import replyFrom from '@fastify/reply-from'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Dispatcher } from 'undici'
import { upstreamPath } from '@serving-console/contract'
import { clientGone } from '../http/client-gone.js'
import { clientView, type ProxyTrust } from '../http/client-view.js'
import { HttpError } from '../http/http-error.js'
import { compressed, encodingFor } from './compress.js'
import { clientAnswerHeaders, upstreamRequestHeaders } from './headers.js'
import { jsonAnswerKind, mediaType, notJson, promisesJson } from './json-answers.js'
import type { Upstream } from './upstream.js'

/** The largest body forwarded as it is (audio and image uploads included). JSON the gateway reads is 1 MiB. */
export const MAX_FORWARDED_BODY = 100 * 1024 * 1024

/**
 * What the cluster sends is data at this origin, never code: a page the cluster serves (a Gradio app, an error
 * page) runs in a sandbox, as an origin of its own, so its scripts can read neither the console's token nor its
 * storage, nor script a console window. It may not be framed either.
 */
export const UPSTREAM_CSP =
  "sandbox allow-scripts allow-forms allow-popups allow-downloads allow-modals; frame-ancestors 'none'"

const tooLarge = () => new HttpError(413, `The request body is over ${MAX_FORWARDED_BODY / 1024 ** 2} MiB`)

/** Counts a body on its way through and stops it past the limit, for bodies that came without a length. */
export function limited(body: Readable): Readable {
  let seen = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length
      if (seen > MAX_FORWARDED_BODY) callback(tooLarge())
      else callback(null, chunk)
    },
  })
  body.on('error', (error) => counter.destroy(error))
  return body.pipe(counter)
}

/**
 * The request being forwarded, for the dispatcher below: the upstream it goes to (a gateway has one, a platform
 * one per cluster it holds) and its client's signal (reply-from passes neither).
 */
const sending = new AsyncLocalStorage<{ upstream: Upstream; signal: AbortSignal }>()

/**
 * Forwarding through @fastify/reply-from over each upstream's own undici pool: a request goes out through the pool
 * of the upstream `forward` was given, and no other. Its retries are off (a GET answered 503 would otherwise be
 * asked again, up to ten times, behind the client's back), and each request carries its client's signal, so a
 * client that goes away frees its upstream connection.
 */
export async function installForwarding(app: FastifyInstance) {
  const dispatcher = {
    request: (
      options: Dispatcher.RequestOptions,
      callback: (error: Error | null, data: Dispatcher.ResponseData) => void,
    ) => {
      const request = sending.getStore()
      if (!request) return callback(new Error('forwarded outside forward()'), undefined as never)
      return request.upstream.pool.request({ ...options, signal: request.signal }, callback)
    },
  }
  await app.register(replyFrom, {
    undici: dispatcher as unknown as Pick<Dispatcher, 'request'>,
    disableCache: true,
    disableRequestLogging: true,
  })
}

/** Per-route upstream limits: a launch answers once its model is ready (timeouts.ts). */
function answerTimeout(upstream: Upstream, method: string, path: string): number {
  const launch = method === 'POST' && /^\/v1\/models\/?(\?|$)/.test(path)
  return launch ? upstream.timeouts.upstreamLaunchMs : upstream.timeouts.upstreamAnswerMs
}

/**
 * Forwards a request and streams the answer back as it comes (SSE chunk by chunk). SPEC's `/api/v1/...` paths
 * become upstream's `/v1/...`; every other path goes as it is, never outside the endpoint (confine.ts). A body goes
 * on exactly as long as it is (a stream as it came, counted against the limit; JSON a route parsed, written out
 * again). Headers are cleaned both ways (headers.ts); status and body come back unchanged: 401/403/429 and plain-text
 * 500s reach the console as the upstream wrote them. Large JSON goes compressed where the browser takes it. An answer
 * to one of the console's JSON routes that is not JSON (an HTML page) is a 502 naming what came, as on the routes
 * the gateway adapts (json-answers.ts).
 */
export function forward(
  upstream: Upstream,
  trust: ProxyTrust,
  request: FastifyRequest,
  reply: FastifyReply,
  path = upstreamPath(request.url),
  body: unknown = request.body,
  /** Reads the answer on its way, passing it on as it comes, asked uncompressed (clusters/answer-usage.ts). */
  watch?: (answer: Readable, headers: IncomingHttpHeaders) => Readable,
) {
  const url = upstream.url(path)
  if (Number(request.headers['content-length'] ?? 0) > MAX_FORWARDED_BODY) throw tooLarge()
  const parsed = body !== undefined && !(body instanceof Readable)
  const client = clientView(request.raw, trust)
  const timeout = answerTimeout(upstream, request.method, path)
  const json = promisesJson(request.method, path)
  return sending.run({ upstream, signal: clientGone(reply) }, () =>
    // The path alone, the query beside it: reply-from decodes what it is given whole, and a query may hold any
    // escape, malformed ones included, which are the cluster's to judge.
    reply.from(url.pathname, {
      getUpstream: () => upstream.origin,
      queryString: () => url.search.slice(1),
      retryDelay: () => null,
      timeout,
      ...(parsed ? { body: JSON.stringify(body), contentType: 'application/json' } : {}),
      rewriteRequestHeaders: (_request, headers) => {
        const kept = upstreamRequestHeaders(headers, client)
        // reply-from set the length of a body it wrote; a request with no body has no length to claim.
        if (body === undefined) delete kept['content-length']
        // An answer read on its way is asked as it is (this server compresses it for its client where it may).
        if (watch) kept['accept-encoding'] = 'identity'
        return kept
      },
      rewriteHeaders: (headers) => clientAnswerHeaders(headers, upstream),
      onResponse: (_request, reply, answer) => {
        const status = reply.statusCode
        // reply-from hands undici's answer ({statusCode, headers, stream}); its types name only the stream.
        const { headers } = answer as unknown as { headers: IncomingHttpHeaders }
        if (json && notJsonAnswer(status, headers)) {
          // None of what the cluster said of its page (type, caching, validators) describes the error sent instead.
          answer.stream.destroy()
          for (const name of Object.keys(clientAnswerHeaders(headers, upstream))) reply.removeHeader(name)
          return void reply.send(upstream.garbage(notJson(mediaType(headers), url.pathname)))
        }
        reply.header('content-security-policy', UPSTREAM_CSP)
        const stream = watch ? watch(answer.stream, headers) : answer.stream
        const encoding =
          request.method === 'HEAD' || status === 204 || status === 304
            ? null
            : encodingFor(request.headers['accept-encoding'], headers)
        if (!encoding) return void reply.send(stream)
        reply.removeHeader('content-length')
        // Another representation: its own Vary, and the cluster's ETag only as a weak one (the same content).
        const vary = reply.getHeader('vary')
        reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
        const etag = reply.getHeader('etag')
        if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`)
        reply.header('content-encoding', encoding)
        void reply.send(compressed(stream, encoding))
      },
      onError: (reply, { error }) => {
        const cause = (error as { cause?: unknown }).cause ?? error
        void reply.send(upstream.failure(cause, path))
      },
    }),
  )
}

/** An answer, judged by its head alone (forwarded answers stream), that is not JSON where JSON was promised. */
function notJsonAnswer(status: number, headers: IncomingHttpHeaders): boolean {
  const empty = status === 204 || status === 304 || headers['content-length'] === '0'
  return jsonAnswerKind(status, mediaType(headers), empty) === 'other'
}
