import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Readable } from 'node:stream'
import { HttpError } from '../http-error.js'

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), plus the ones we set ourselves. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
])

/** Request headers that are about the browser's view of *this* server; they mean nothing upstream. */
const BROWSER_ONLY = new Set(['origin', 'referer', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest'])

export function forwardableRequestHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || BROWSER_ONLY.has(name)) continue
    kept[name] = value
  }
  return kept
}

export function forwardableResponseHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue
    kept[name] = value
  }
  return kept
}

/** A JSON answer of the upstream, read whole: for the few routes the gateway adapts. */
export interface UpstreamJson {
  status: number
  headers: IncomingHttpHeaders
  /** The parsed body; `undefined` when it was not JSON (then `text` holds it). */
  body: unknown
  text: string
}

/** The most an adapted (read whole) upstream answer may weigh: v3's detailed catalogue is 3.5 MB. */
const MAX_ADAPTED_BYTES = 64 * 1024 * 1024

/**
 * The one way out of the gateway: requests go to the configured supervisor and nowhere else. A path must start
 * with exactly one slash and is appended to the endpoint's own path, so no request can name another host
 * (`//evil.example/`, `http://…`) or leave the endpoint's base path.
 */
export class Upstream {
  readonly origin: string
  private readonly basePath: string

  constructor(readonly endpoint: URL) {
    this.origin = endpoint.origin
    this.basePath = endpoint.pathname === '/' ? '' : endpoint.pathname
  }

  /** What the gateway calls the upstream in messages: its address as given. */
  get address(): string {
    return `${this.origin}${this.basePath}`
  }

  url(pathAndQuery: string): URL {
    if (!pathAndQuery.startsWith('/') || pathAndQuery.startsWith('//') || pathAndQuery.includes('\\')) {
      throw new HttpError(400, 'Bad request path')
    }
    const url = new URL(`${this.origin}${this.basePath}${pathAndQuery}`)
    if (url.origin !== this.origin) throw new HttpError(400, 'Bad request path')
    return url
  }

  /**
   * Sends one request and resolves with the upstream's answer as a stream (status and headers read). No timeout:
   * a launch blocks upstream until the model is ready, minutes for a big one; `signal` ends it when our client
   * goes away. Failing to connect is a 502 naming the upstream and the cause.
   */
  send(
    method: string,
    pathAndQuery: string,
    options: {
      headers?: Record<string, string | string[]>
      body?: Readable | Buffer | string
      signal?: AbortSignal
    },
  ): Promise<IncomingMessage> {
    const url = this.url(pathAndQuery)
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    return new Promise((resolve, reject) => {
      const outgoing = send(url, { method, headers: options.headers ?? {}, signal: options.signal })
      outgoing.on('response', resolve)
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof HttpError) return reject(error)
        reject(
          error.name === 'AbortError'
            ? new HttpError(499, 'Client closed request')
            : this.unreachable(error.code ?? error.message),
        )
      })
      const body = options.body
      if (body === undefined) outgoing.end()
      else if (typeof body === 'string' || Buffer.isBuffer(body)) outgoing.end(body)
      else {
        body.on('error', (error) => outgoing.destroy(error))
        body.pipe(outgoing)
      }
    })
  }

  /** One request whose answer the gateway reads whole (JSON or not). */
  async json(
    method: string,
    pathAndQuery: string,
    options: { authorization?: string | undefined; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<UpstreamJson> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (options.authorization) headers.authorization = options.authorization
    let body: string | undefined
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }
    const answer = await this.send(method, pathAndQuery, {
      headers,
      ...(body === undefined ? {} : { body }),
      ...(options.signal ? { signal: options.signal } : {}),
    })
    const chunks: Buffer[] = []
    let size = 0
    try {
      for await (const chunk of answer as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > MAX_ADAPTED_BYTES) {
          answer.destroy()
          throw this.garbage(`an answer over ${MAX_ADAPTED_BYTES / 1024 ** 2} MiB from ${pathAndQuery}`)
        }
        chunks.push(chunk)
      }
    } catch (error) {
      if (error instanceof HttpError) throw error
      throw this.unreachable(`the answer to ${pathAndQuery} broke off (${(error as Error).message})`)
    }
    const text = Buffer.concat(chunks).toString('utf8')
    let parsed: unknown
    if (/\bjson\b/.test(answer.headers['content-type'] ?? '')) {
      try {
        parsed = JSON.parse(text)
      } catch {
        parsed = undefined
      }
    }
    return { status: answer.statusCode ?? 502, headers: answer.headers, body: parsed, text }
  }

  unreachable(cause: string): HttpError {
    return new HttpError(502, `Cannot reach the Xinference cluster at ${this.address}: ${cause}`)
  }

  garbage(what: string): HttpError {
    return new HttpError(502, `The Xinference cluster at ${this.address} answered ${what}`)
  }
}
