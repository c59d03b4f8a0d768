import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'

/** One recorded exchange with a real Xinference server (see fixtures/README.md). */
export interface Exchange {
  number: number
  name: string
  request: { method: string; path: string; query: string; headers: Record<string, string>; body: unknown }
  response: { status: number; headers: Record<string, string>; body: unknown; sse?: unknown[] }
}

export interface ReplayOptions {
  /** Exchanges from these number ranges answer first for their route (e.g. [200, 299]: the two-node cluster). */
  prefer?: [number, number][]
  /** Milliseconds before the launch call (`POST /v1/models`) answers: a launch that takes its time. */
  launchDelayMs?: number
}

export interface ReplayUpstream {
  url: string
  /** Every request, in order: method, path with query, the body (parsed when JSON) and the headers. */
  requests: { method: string; path: string; body: unknown; headers: IncomingMessage['headers'] }[]
  /**
   * Set to misbehave: 'plain-text' answers a text/plain 500, 'hang-up' drops the connection before answering,
   * 'mid-stream' sends the first event of an answer (or half of it) and then drops the connection.
   */
  fault: 'plain-text' | 'hang-up' | 'mid-stream' | null
  close: () => Promise<void>
}

export function loadExchanges(folder: string): Exchange[] {
  return readdirSync(folder)
    .filter((file) => /^\d{3}-.*\.json$/.test(file))
    .sort()
    .map((file) => {
      const recorded = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Omit<
        Exchange,
        'number' | 'name'
      >
      return { ...recorded, number: Number(file.slice(0, 3)), name: file.replace(/\.json$/, '') }
    })
}

/** Exchanges 001–018 record the auth flow (no token, garbage, expired, a viewer). */
const AUTH_SECTION_END = 20

const keyOf = (method: string, path: string, query: string) => `${method} ${path}${query ? `?${query}` : ''}`

/** A registration's `model` travels as a JSON string; compare what it says, not how it was spaced. */
function sameBody(recorded: unknown, sent: unknown): boolean {
  const open = (body: unknown) => {
    if (typeof body !== 'object' || body === null || !('model' in body)) return body
    const model = body.model
    if (typeof model !== 'string') return body
    try {
      return { ...body, model: JSON.parse(model) as unknown }
    } catch {
      return body
    }
  }
  return isDeepStrictEqual(open(recorded), open(sent))
}

/** One recorded server-sent event as upstream writes it (CRLF line ends). */
const sseEvent = (event: unknown) =>
  `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\r\n\r\n`

/**
 * An answer's body as sent, written out once per recording: v3's 3.4 MiB catalogue took ~25 ms to write out, on
 * the cores the bench's browser was measured on.
 */
const written = new WeakMap<Exchange['response'], string>()
function wholeBody(response: Exchange['response']): string {
  let text = written.get(response)
  if (text === undefined) {
    const { sse, body } = response
    text = sse ? sse.map(sseEvent).join('') : typeof body === 'string' ? body : JSON.stringify(body)
    written.set(response, text)
  }
  return text
}

const streams = (body: unknown) =>
  typeof body === 'object' && body !== null && 'stream' in body && body.stream === true

/**
 * Where the recordings show a server that checks tokens (a garbage bearer token got 401), the replay checks them
 * too: only an access token the recordings handed out passes, anything else gets the recorded 401 (expired and
 * garbage tokens are answered alike, as 010 shows). Routes recorded answering an anonymous caller are public.
 */
function tokenCheck(exchanges: Exchange[]) {
  const garbage = exchanges.find((exchange) => exchange.name.includes('-garbage-token'))
  if (garbage?.response.status !== 401) return null
  const issued = new Set<string>()
  for (const { response } of exchanges) {
    const body = response.body as { access_token?: unknown } | null
    if (response.status === 200 && typeof body?.access_token === 'string') issued.add(body.access_token)
  }
  const publicPaths = new Set(
    exchanges
      .filter(({ request, response }) => !request.headers.authorization && response.status < 300)
      .map(({ request }) => request.path),
  )
  return {
    refuses(path: string, authorization: string | undefined): Exchange | undefined {
      if (!authorization || publicPaths.has(path)) return undefined
      return issued.has(authorization.replace(/^Bearer /, '')) ? undefined : garbage
    },
  }
}

/**
 * A stand-in for someone else's server, built from the recorded exchanges and nothing else: a request is answered
 * with the recording of the same method, path and query. Where one route was recorded several times, state
 * decides, kept as the number of the last state-changing exchange answered: a POST or DELETE picks the recording
 * with the same body (else the next one in order), a GET the first recording after that point (register →
 * listed, launch → running, terminate → gone), or the first of all once the story is over. Recorded polls
 * (`…-poll-…`) are answered one after another. Unknown requests get upstream's 404.
 */
export async function startReplayUpstream(
  folder: string,
  options: ReplayOptions = {},
  port = 0,
): Promise<ReplayUpstream> {
  const exchanges = loadExchanges(folder)
  const preferred = (exchange: Exchange) =>
    (options.prefer ?? []).some(([from, to]) => exchange.number >= from && exchange.number <= to)
  const byKey = new Map<string, Exchange[]>()
  for (const exchange of exchanges) {
    const { method, path, query } = exchange.request
    const key = keyOf(method, path, query)
    byKey.set(key, [...(byKey.get(key) ?? []), exchange])
  }
  let clock = 0
  const polled = new Set<number>()
  const tokens = tokenCheck(exchanges)

  function choose(method: string, all: Exchange[], body: unknown, signedIn: boolean): Exchange {
    // The auth section (001–018) shows what callers without a (valid) token get: it answers a caller with no
    // token where it recorded one, and is left out otherwise, unless it is all there is.
    const scenario = all.find(preferred)
    if (scenario) return scenario
    const story = all.filter((exchange) => exchange.number >= AUTH_SECTION_END)
    const anonymous = all.find(
      (exchange) => exchange.number < AUTH_SECTION_END && !exchange.request.headers.authorization,
    )
    if (!signedIn && anonymous && method === 'GET') return anonymous
    const candidates = story.length > 0 ? story : all
    const first = candidates[0] as Exchange
    if (method === 'POST' || method === 'DELETE') {
      const ahead = candidates.filter((exchange) => exchange.number > clock)
      // A body nobody recorded is answered as a recorded success (the next one, else any), streamed if it asked
      // for a stream: a chat can be sent again, and again succeeds.
      const success = (list: Exchange[]) =>
        list.find(
          (exchange) => exchange.response.status < 300 && streams(exchange.request.body) === streams(body),
        ) ?? list.find((exchange) => exchange.response.status < 300)
      return (
        candidates.find((exchange) => sameBody(exchange.request.body, body)) ??
        success(ahead) ??
        success(candidates) ??
        ahead[0] ??
        first
      )
    }
    const ahead = candidates.filter((exchange) => exchange.number > clock)
    const poll = ahead.find((exchange) => exchange.name.includes('-poll-') && !polled.has(exchange.number))
    if (poll) {
      polled.add(poll.number)
      return poll
    }
    return ahead.find((exchange) => !exchange.name.includes('-poll-')) ?? first
  }

  const replay: ReplayUpstream = {
    url: '',
    requests: [],
    fault: null,
    // Gone at once, as a server that stops: kept-alive connections from the gateway too.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://replay')
    const method = request.method ?? 'GET'
    const chunks: Buffer[] = []
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk)
    const text = Buffer.concat(chunks).toString('utf8')
    let body: unknown = text || null
    try {
      body = text ? (JSON.parse(text) as unknown) : null
    } catch {
      // A body that is not JSON is compared as text.
    }
    replay.requests.push({ method, path: url.pathname + url.search, body, headers: request.headers })

    if (replay.fault === 'hang-up') return request.socket.destroy()
    if (replay.fault === 'plain-text') {
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      return response.end('Internal Server Error: replayed fault')
    }
    const candidates = byKey.get(keyOf(method, url.pathname, url.search.slice(1)))
    if (!candidates) {
      response.writeHead(404, { 'content-type': 'application/json' })
      return response.end(JSON.stringify({ detail: 'Not Found' }))
    }
    const refused = tokens?.refuses(url.pathname, request.headers.authorization)
    const exchange = refused ?? choose(method, candidates, body, Boolean(request.headers.authorization))
    if (method === 'POST' || method === 'DELETE') clock = Math.max(clock, exchange.number)
    if (method === 'POST' && url.pathname === '/v1/models' && options.launchDelayMs) {
      await new Promise((resolve) => setTimeout(resolve, options.launchDelayMs))
    }
    const { status, headers, sse } = exchange.response
    const kept = Object.fromEntries(
      Object.entries(headers).filter(([name]) => name !== 'content-encoding' && name !== 'transfer-encoding'),
    )
    const whole = wholeBody(exchange.response)
    // A whole answer says its length, as uvicorn's do; a stream (or one about to break) does not.
    const sized = !sse && replay.fault !== 'mid-stream'
    response.writeHead(status, sized ? { ...kept, 'content-length': Buffer.byteLength(whole) } : kept)
    if (replay.fault === 'mid-stream') {
      const firstEvent = whole.indexOf('\r\n\r\n')
      response.write(whole.slice(0, firstEvent > 0 ? firstEvent + 4 : Math.floor(whole.length / 2)))
      // Pacing, not a wait: the first event leaves on its own before the connection breaks, as when upstream
      // dies mid-answer (destroyed at once, the socket could drop what was written with it).
      await new Promise((resolve) => setTimeout(resolve, 50))
      return response.socket?.destroy()
    }
    if (sse) {
      // As upstream streams it: one `data:` event per chunk, each written on its own. The pause paces the
      // replay (not a wait for anything): without it the events would leave coalesced in one packet.
      for (const event of sse) {
        response.write(sseEvent(event))
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      return response.end()
    }
    if (method === 'HEAD') return response.end()
    response.end(whole)
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  replay.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`
  return replay
}

/** `node replay-upstream.js FOLDER PORT [two-node]`: a replay upstream as a process, for the e2e journeys. */
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [folder, port, scenario] = process.argv.slice(2)
  if (!folder || !port) throw new Error('usage: replay-upstream FOLDER PORT [two-node]')
  const replay = await startReplayUpstream(
    folder,
    scenario === 'two-node' ? { prefer: [[200, 299]] } : {},
    Number(port),
  )
  console.log(`replay upstream of ${folder} at ${replay.url}`)
}
