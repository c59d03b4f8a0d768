import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { openSqlite } from '../src/platform/db/sqlite.js'
import { body, random, rawRequest, ROUTES, segment, sendRaw } from './fuzz-input.js'
import { modelFolder, tempDir, testApp, testGateway } from './helper.js'

// Hostile input over real HTTP on 127.0.0.1, seeded so a failure replays exactly. Bounded in count and time.

// A full collection before each memory reading, so what is left is what the server still holds.
setFlagsFromString('--expose_gc')
const collectGarbage = runInNewContext('gc') as () => void

const SEED = 20261122
const REQUESTS = 3000

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0)

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
