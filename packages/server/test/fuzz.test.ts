import { connect, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { openSqlite } from '../src/platform/db/sqlite.js'
import { modelFolder, tempDir, testApp, testGateway } from './helper.js'

// Hostile input over real HTTP on 127.0.0.1, seeded so a failure replays exactly. Bounded in count and time.

// A full collection before each memory reading, so what is left is what the server still holds.
setFlagsFromString('--expose_gc')
const collectGarbage = runInNewContext('gc') as () => void

const SEED = 20261122
const REQUESTS = 3000

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (max: number) => Math.floor(next() * max)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  return { next, int, pick }
}
type Random = ReturnType<typeof random>

const ROUTES = [
  '/api/v1/models',
  '/v1/models',
  '/api/v1/models/{x}',
  '/api/v1/models/{x}/progress',
  '/api/v1/models/{x}/cancel',
  '/api/v1/models/{x}/replicas',
  '/api/v1/models/{x}/logs',
  '/api/v1/models/launches',
  '/api/v1/model_registrations/{x}',
  '/api/v1/model_registrations/{x}/{x}',
  '/v1/model_registrations/LLM',
  '/api/v1/model_registrations/embedding',
  '/api/v1/engines/{x}',
  '/api/v1/cache/models',
  '/api/v1/chat/completions',
  '/v1/completions',
  '/v1/embeddings',
  '/v1/rerank',
  '/api/v1/ui/{x}',
  '/api/v1/ui/images/{x}',
  '/token',
  '/api/v1/cluster/auth',
  '/v1/cluster/info',
  '/api/v1/cluster/devices',
  '/ui/{x}',
  '/{x}',
]

const SEGMENTS = [
  'LLM',
  'llm',
  'embedding',
  'nope',
  '..',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%E0%A4%A',
  'a'.repeat(300),
  '%F0%9F%98%80',
  'con',
  '~root',
  '.',
  '%2F',
  'x;y',
]

function segment(r: Random): string {
  return r.next() < 0.7 ? r.pick(SEGMENTS) : `m${r.int(1e6)}`
}

function value(r: Random, depth: number): unknown {
  const kind = r.int(depth > 4 ? 6 : 9)
  switch (kind) {
    case 0:
      return null
    case 1:
      return r.next() < 0.5
    case 2:
      return r.pick([0, -1, 1e308, -1e308, 1.5, 2 ** 53, 7, 1_000_000_000])
    case 3:
      return r.pick([
        '',
        'x',
        '../../etc/passwd',
        '\u0000',
        'a'.repeat(5000),
        'ggufv2',
        '{quantization}',
        'auto',
      ])
    case 4:
      return r.pick(['LLM', 'embedding', 'chat', '{"model_name":"x"}', 'file:///etc/passwd'])
    case 5:
      return r.int(100)
    case 6:
    case 7:
      return Array.from({ length: r.int(5) }, () => value(r, depth + 1))
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(6) }, () => [
          r.pick([
            'model_name',
            'model_type',
            'model_uid',
            'replica',
            'model',
            'persist',
            'model_specs',
            'model_uri',
            'model_file_name_template',
            'generated',
            'messages',
            'max_tokens',
            'input',
            'documents',
            'query',
            '__proto__',
            'constructor',
            'username',
            'password',
          ]),
          value(r, depth + 1),
        ]),
      )
  }
}

/** One hostile body and its content type. */
function body(r: Random): { payload?: string; type?: string } {
  switch (r.int(9)) {
    case 0:
      return {}
    case 1:
      return { payload: '{"model_name": ', type: 'application/json' }
    case 2:
      return { payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, type: 'application/json' }
    case 3:
      return { payload: JSON.stringify({ junk: 'x'.repeat(1_500_000) }), type: 'application/json' }
    case 4:
      return { payload: 'model_name=x', type: r.pick(['text/plain', 'application/x-www-form-urlencoded']) }
    case 5: {
      // A registration whose `model` string is itself hostile.
      const inner =
        r.next() < 0.5 ? JSON.stringify(value(r, 0)) : `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`
      return { payload: JSON.stringify({ model: inner, persist: true }), type: 'application/json' }
    }
    case 6:
      return { payload: '{"__proto__": {"polluted": true}}', type: 'application/json' }
    default:
      return { payload: JSON.stringify(value(r, 0)), type: 'application/json' }
  }
}

/** A raw request line and headers that Node's HTTP parser must refuse or survive. */
function rawRequest(r: Random, port: number): string {
  return r.pick([
    `GET /\u0000 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    `POST /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    `BREW /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `GET /api/v1/models HTTP/9.9\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `POST /token HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello`,
    `garbage\r\n\r\n`,
    // A read that claims a body (request smuggling through a proxy), and paths that climb out of a base.
    `GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 40\r\n\r\nGET /v1/cluster/info HTTP/1.1\r\nHost: x\r\n\r\n`,
    `DELETE /api/v1/models/x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    `GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `GET /v1/..%2f..%2fx HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `TRACE /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: token=secret\r\n\r\n`,
  ])
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0)

function sendRaw(port: number, text: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.setTimeout(5000, () => socket.destroy())
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)))
    socket.end(text)
  })
}

async function registerKeepers(app: FastifyInstance, dir: string) {
  for (const name of ['fuzz-keeper-1', 'fuzz-keeper-2']) {
    const model = {
      model_name: name,
      context_length: 2048,
      model_lang: ['en'],
      model_ability: ['generate'],
      model_specs: [
        {
          model_uri: dir,
          model_format: 'ggufv2',
          quantizations: ['q4'],
          model_file_name_template: 'k-{quantization}.gguf',
        },
      ],
    }
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/model_registrations/LLM',
      payload: { model: JSON.stringify(model), persist: true },
    })
    expect(response.statusCode).toBe(200)
  }
}

/** What the fuzz saw: answers by status, and every answer that broke a rule. */
interface FuzzResult {
  statuses: Map<number, number>
  problems: string[]
}

/**
 * Sends `count` seeded hostile requests to the server at `port`, one at a time. `excused` names the answers of 500
 * and above that are no fault of the server under test.
 */
async function fuzz(
  port: number,
  seed: number,
  count: number,
  excused: (detail: string) => boolean = () => false,
): Promise<FuzzResult> {
  const base = `http://127.0.0.1:${port}`
  const r = random(seed)
  const statuses = new Map<number, number>()
  const problems: string[] = []
  for (let i = 0; i < count; i++) {
    if (r.next() < 0.05) {
      const status = await sendRaw(port, rawRequest(r, port))
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (status >= 500) problems.push(`raw request #${i}: ${status}`)
      continue
    }
    const path = r.pick(ROUTES).replaceAll('{x}', () => segment(r))
    const query =
      r.next() < 0.3
        ? `?${r.pick(['detailed=true', 'tail=-1', 'tail=99999999', 'model_version=../../x', 'model_name=%00', 'a[b]=c', 'q=%', 'x=%E0%A4%A'])}`
        : ''
    const method = r.pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'])
    const { payload, type } = method === 'GET' || method === 'HEAD' ? {} : body(r)
    const headers: Record<string, string> = {}
    if (type) headers['content-type'] = type
    if (r.next() < 0.2)
      headers.authorization = r.pick([
        'Bearer',
        'Bearer a.b.c',
        'Basic Zm9vOmJhcg==',
        `Bearer ${'x'.repeat(4000)}`,
        'Bearer eyJhbGciOiJub25lIn0.e30.',
      ])
    if (r.next() < 0.1) headers.origin = r.pick(['null', 'http://attacker.example', base])
    let status: number
    let text: string
    try {
      const response = await fetch(`${base}${path}${query}`, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        signal: AbortSignal.timeout(10_000),
      })
      status = response.status
      text = await response.text()
    } catch (error) {
      problems.push(`${method} ${path}${query}: no answer (${(error as Error).message})`)
      continue
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
    if (status >= 500 && !excused(text))
      problems.push(`${method} ${path}${query}: ${status} ${text.slice(0, 200)}`)
    if (status >= 400 && method !== 'HEAD') {
      let detail: unknown
      try {
        detail = (JSON.parse(text) as { detail?: unknown }).detail
      } catch {
        detail = undefined
      }
      if (detail === undefined)
        problems.push(`${method} ${path}${query}: ${status} without {detail}: ${text.slice(0, 100)}`)
    }
  }
  return { statuses, problems }
}

/** A platform with two registrations made before the fuzz, listening on a loopback port. */
async function fuzzedPlatform() {
  const { root, dir } = modelFolder(['k-q4.gguf'])
  const dataDir = tempDir()
  const app = await testApp({ dataDir, modelDirs: [root], maxWorkers: 2 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  await registerKeepers(app, dir)
  return { port, base: `http://127.0.0.1:${port}`, dataDir }
}

/** The platform still serves, its database is whole, and the registrations made before the fuzz are there. */
async function expectIntact(base: string, dataDir: string) {
  expect((await fetch(`${base}/api/v1/cluster/auth`)).status).toBe(200)
  const db = openSqlite(join(dataDir, 'platform.db'))
  try {
    expect(db.get('PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' })
  } finally {
    db.close()
  }
  const names = (await (await fetch(`${base}/api/v1/model_registrations/LLM`)).json()) as {
    model_name: string
  }[]
  expect(names.map((entry) => entry.model_name)).toEqual(
    expect.arrayContaining(['fuzz-keeper-1', 'fuzz-keeper-2']),
  )
}

const summary = (what: string, result: FuzzResult, seconds: number, extra = '') =>
  `fuzz (${what}): ${REQUESTS} requests in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(
    Object.fromEntries([...result.statuses].sort(([a], [b]) => a - b)),
  )}${extra}`

describe('fuzz', () => {
  it(
    `survives ${REQUESTS} hostile requests: no 5xx, every error {detail}, memory bounded, database intact`,
    { timeout: 120_000 },
    async () => {
      const platform = await fuzzedPlatform()
      collectGarbage()
      const before = process.memoryUsage()
      const started = Date.now()
      const result = await fuzz(platform.port, SEED, REQUESTS)
      const seconds = (Date.now() - started) / 1000
      collectGarbage()
      const after = process.memoryUsage()
      console.log(
        summary(
          'platform',
          result,
          seconds,
          `, heap ${mib(before.heapUsed)} → ${mib(after.heapUsed)} MiB, RSS ${mib(before.rss)} → ${mib(after.rss)} MiB`,
        ),
      )
      expect(result.problems).toEqual([])
      // Nothing of the fuzz kept in memory beyond noise.
      expect(after.heapUsed - before.heapUsed).toBeLessThan(50 * 2 ** 20)
      await expectIntact(platform.base, platform.dataDir)
    },
  )

  it(
    `survives ${REQUESTS} hostile requests through the gateway, and the platform behind it stays whole`,
    { timeout: 120_000 },
    async () => {
      const platform = await fuzzedPlatform()
      const { url } = await testGateway(platform.base)
      const started = Date.now()
      // The platform refuses a body over 1 MiB and closes the connection, at times before the gateway has sent it
      // all: then the gateway cannot have its answer, and says so.
      const refusedMidBody = (text: string) =>
        text.includes(`${platform.base} closed the connection before taking the whole request`)
      const result = await fuzz(Number(new URL(url).port), SEED + 1, REQUESTS, refusedMidBody)
      console.log(summary('gateway', result, (Date.now() - started) / 1000))
      expect(result.problems).toEqual([])
      await expectIntact(platform.base, platform.dataDir)
      // And the gateway still forwards.
      expect((await fetch(`${url}/api/v1/models`)).status).toBe(200)
    },
  )
})
