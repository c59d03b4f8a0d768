import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http'
import { checkJsonShape, clusterPath } from '@serving-console/contract'
import { Pool, type Dispatcher } from 'undici'
import { HttpError } from '../http/http-error.js'
import { TIMEOUTS, type Timeouts } from '../http/timeouts.js'
import { confine } from './confine.js'
import { jsonAnswerKind, mediaType, notJson } from './json-answers.js'

/** A JSON answer of the upstream, read whole: for the few routes the gateway adapts. */
export interface UpstreamJson {
  status: number
  headers: IncomingHttpHeaders
  /** The parsed body (a plain-text error as `{detail}`). */
  body: unknown
}

/** What a request the gateway reads whole may carry. */
export interface UpstreamRequest {
  authorization?: string | undefined
  body?: unknown
  signal?: AbortSignal
  maxBytes?: number
}

/** The most of a plain-text error kept as its detail. */
const MAX_DETAIL = 2000

/** Adapted answers are read whole; this is the most one may weigh unless its caller says otherwise. */
export const MAX_ADAPTED_BYTES = 4 * 1024 * 1024

/**
 * How deep an adapted answer may nest, and how many values it may hold: it is written out again, and a JSON
 * nested thousands deep would overflow the stack doing it.
 */
const ADAPTED_JSON_LIMITS = { depth: 64, nodes: 1_000_000 }

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The cluster could not be reached, or broke off: it may be another server when it comes back (profile.ts). */
export class ClusterUnreachable extends HttpError {}

/**
 * The one way out of the gateway: requests go to the configured supervisor and nowhere else, over one pool of
 * keep-alive connections (undici's: a connection whose answer was not valid HTTP is closed, never reused). Every
 * URL is built by `confine`, so no request can name another host or leave the endpoint's base path.
 */
export class Upstream {
  readonly origin: string
  readonly basePath: string
  readonly pool: Pool
  readonly timeouts: Timeouts

  constructor(
    readonly endpoint: URL,
    timeouts: Partial<Timeouts> = {},
    /** A cluster a platform holds: its name, by which messages and answers call it (see `shownAs`). */
    readonly heldAs?: string,
  ) {
    this.origin = endpoint.origin
    this.basePath = endpoint.pathname === '/' ? '' : endpoint.pathname
    this.timeouts = { ...TIMEOUTS, ...timeouts }
    this.pool = new Pool(this.origin, {
      connect: { timeout: this.timeouts.upstreamConnectMs },
      headersTimeout: this.timeouts.upstreamAnswerMs,
      bodyTimeout: this.timeouts.upstreamAnswerMs,
      // A request's body and its declared length always agree, or it is not sent (undici's default, said here).
      strictContentLength: true,
      pipelining: 1,
    })
  }

  /** The upstream's address as given. */
  get address(): string {
    return `${this.origin}${this.basePath}`
  }

  /**
   * What messages call the upstream: a gateway's cluster by its address (its operator gave it, on the command
   * line); a cluster a platform holds by its name, as every user who sees models may read the messages, and its
   * address is an administrator's setting (docs/clusters.md).
   */
  get shownAs(): string {
    return this.heldAs === undefined ? `the Xinference cluster at ${this.address}` : `cluster ${this.heldAs}`
  }

  /** Where answers say the upstream is: a gateway's address; a held cluster's path on this server. */
  get shownAddress(): string {
    return this.heldAs === undefined ? this.address : clusterPath(this.heldAs, '')
  }

  url(pathAndQuery: string): URL {
    return confine(this.origin, this.basePath, pathAndQuery)
  }

  /** One request whose answer the gateway reads whole, at most `maxBytes` of it, as JSON (see `jsonOf`). */
  async json(
    method: string,
    pathAndQuery: string,
    options: UpstreamRequest & {
      /** A probe asks what the upstream is: an answer that is not JSON is an answer too (`body` undefined). */
      probe?: boolean
    } = {},
  ): Promise<UpstreamJson> {
    const answer = await this.text(method, pathAndQuery, options)
    return {
      status: answer.status,
      headers: answer.headers,
      body: this.jsonOf(answer.status, answer.headers, answer.text, this.url(pathAndQuery), options.probe),
    }
  }

  /** One request whose answer the gateway reads whole, at most `maxBytes` of it, as text (`/metrics`). */
  async text(
    method: string,
    pathAndQuery: string,
    options: UpstreamRequest = {},
  ): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
    const url = this.url(pathAndQuery)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (options.authorization) headers.authorization = options.authorization
    let body: string | undefined
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }
    const maxBytes = options.maxBytes ?? MAX_ADAPTED_BYTES
    let answer
    try {
      answer = await this.pool.request({
        method,
        path: `${url.pathname}${url.search}`,
        headers,
        body,
        signal: options.signal,
      })
    } catch (error) {
      throw this.failure(error, pathAndQuery)
    }
    const chunks: Buffer[] = []
    let size = 0
    try {
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > maxBytes) {
          answer.body.destroy()
          throw this.garbage(`more than ${formatBytes(maxBytes)} to ${url.pathname}`)
        }
        chunks.push(chunk)
      }
    } catch (error) {
      if (error instanceof HttpError) throw error
      throw this.failure(error, pathAndQuery)
    }
    return {
      status: answer.statusCode,
      headers: answer.headers,
      text: Buffer.concat(chunks).toString('utf8'),
    }
  }

  /**
   * An answer's body as JSON. Xinference also answers errors in plain text (`Internal Server Error: …`): those
   * become `{detail}`, as a JSON error would have said it. Anything else is not what an adapted route can pass
   * on — an HTML page as a 200 would reach the console as data — and is a 502 naming what came. Forwarded answers
   * to the console's routes are held to the same rules (json-answers.ts, forward.ts).
   */
  private jsonOf(
    status: number,
    headers: Dispatcher.ResponseData['headers'],
    text: string,
    url: URL,
    probe = false,
  ): unknown {
    const type = mediaType(headers)
    const kind = jsonAnswerKind(status, type, text === '')
    if (kind === 'json') {
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        if (probe) return undefined
        throw this.garbage(`JSON that does not parse, from ${url.pathname}`)
      }
      const problem = checkJsonShape(parsed, ADAPTED_JSON_LIMITS)
      if (problem) throw this.garbage(`JSON ${problem}, from ${url.pathname}`)
      return parsed
    }
    if (kind === 'plain-error') {
      return { detail: text.trim().slice(0, MAX_DETAIL) || (STATUS_CODES[status] ?? 'Unknown error') }
    }
    if (kind === 'empty') return null
    if (probe) return undefined
    throw this.garbage(notJson(type, url.pathname))
  }

  /** A request that failed before or while its answer came, as the client should hear of it (by undici's codes). */
  failure(error: unknown, pathAndQuery: string): HttpError {
    if (error instanceof HttpError) return error
    const { code = '', name } = error as { code?: string; name?: string }
    if (name === 'AbortError' || code === 'UND_ERR_ABORTED')
      return new HttpError(499, 'Client closed request')
    const path = pathAndQuery.split('?')[0] ?? pathAndQuery
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
      return new HttpError(504, `${capital(this.shownAs)} did not answer ${path} in time`)
    if (name === 'HTTPParserError') return this.garbage(`${path} with something that is not HTTP`)
    // It closed the connection while the request was still being sent (a body it would not take).
    if (code === 'EPIPE' || code === 'ECONNRESET')
      return new HttpError(
        502,
        `${capital(this.shownAs)} closed the connection before taking the whole request`,
      )
    if (code === 'UND_ERR_CONNECT_TIMEOUT') return this.unreachable('connecting timed out')
    if (code === 'UND_ERR_SOCKET') return this.unreachable('the connection broke off')
    return this.unreachable(code || (error as Error).message)
  }

  unreachable(cause: string): HttpError {
    return new ClusterUnreachable(502, `Cannot reach ${this.shownAs}: ${cause}`)
  }

  garbage(what: string): HttpError {
    return new HttpError(502, `${capital(this.shownAs)} answered ${what}`)
  }

  close(): Promise<void> {
    return this.pool.destroy()
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 2 ? `${bytes / 1024 ** 2} MiB` : `${bytes / 1024} KiB`
}
