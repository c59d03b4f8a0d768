import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DownloadTask } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { retryWait } from '../src/platform/download/download-tasks.js'
import { tinyModel } from '../src/platform/gguf/tiny-models.js'
import { QWEN, testApp, testConfig, waitFor } from './helper.js'
import { launch, localHubs } from './runtime-helper.js'
import { startLocalHub, TINY_GGUF_SIZE } from './support/local-hub.js'

// Download only (docs/downloads.md): a model's files fetched into the cache as a lasting task, from the suite's
// stand-in hub (slowed where a test must catch a download in the middle).

const startHub = localHubs()
const { model_engine: _engine, ...ONLY } = QWEN
const VERSION = 'qwen2.5-instruct--0_5B--ggufv2--q4_k_m'
const FILE = 'qwen2.5-0.5b-instruct-q4_k_m.gguf'

const start = (app: FastifyInstance, payload: object = ONLY, url = '/api/v1/cache/models') =>
  app.inject({ method: 'POST', url, payload })
const task = async (app: FastifyInstance, uid = VERSION) =>
  (await app.inject(`/api/v1/cache/models/${uid}/progress`)).json<DownloadTask>()
const post = (app: FastifyInstance, action: string, uid = VERSION) =>
  app.inject({ method: 'POST', url: `/api/v1/cache/models/${uid}/${action}` })

describe('download only', { timeout: 30_000 }, () => {
  it('fetches a model into the cache without launching it; a launch then finds it there', async () => {
    const hub = await startHub()
    const app = await testApp({ hfEndpoint: hub.url })
    // Upstream's path, as Xinference's clients send it.
    const started = await start(app, ONLY, '/v1/cache/models')
    expect(started.statusCode, started.body).toBe(201)
    expect(started.json()).toMatchObject({
      cache_uid: VERSION,
      model_name: 'qwen2.5-instruct',
      quantization: 'q4_k_m',
    })
    await waitFor(async () => (await task(app)).state === 'completed')
    expect((await task(app)).files).toEqual([
      { name: FILE, size: TINY_GGUF_SIZE, done: TINY_GGUF_SIZE, speed: 0, eta_seconds: null },
    ])
    const cached = (await app.inject('/api/v1/cache/models?model_name=qwen2.5-instruct')).json<{
      list: { model_version: string }[]
    }>()
    expect(cached.list.map((entry) => entry.model_version)).toEqual([VERSION])
    expect((await app.inject('/api/v1/models')).json()).toMatchObject({ data: [] })
    // Asked again: the task there says it is done, nothing is fetched again.
    const again = await start(app)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ state: 'completed' })
    expect((await launch(app, QWEN)).statusCode).toBe(200)
    expect(hub.requests.filter((request) => request.path.endsWith('.gguf'))).toHaveLength(1)
  })

  it('joins two clients asking for the same files into one task and one download', async () => {
    const hub = await startHub({ bytesPerSecond: 400_000 })
    const app = await testApp({ hfEndpoint: hub.url })
    const [first, second] = await Promise.all([start(app), start(app)])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201])
    const listed = (await app.inject('/api/v1/cache/downloads')).json<{ downloads: DownloadTask[] }>()
    expect(listed.downloads.map((one) => one.cache_uid)).toEqual([VERSION])
    await waitFor(async () => (await task(app)).state === 'completed')
    expect(hub.requests.filter((request) => request.path.endsWith('.gguf'))).toHaveLength(1)
  })

  it('pauses, resumes from the bytes it has (the hub sees a Range request), and shows speed and time left', async () => {
    const hub = await startHub({ bytesPerSecond: 150_000 })
    const app = await testApp({ hfEndpoint: hub.url })
    expect((await start(app)).statusCode).toBe(201)
    await waitFor(async () => {
      const now = await task(app)
      return (
        now.state === 'downloading' && (now.files[0]?.done ?? 0) > 100_000 && (now.files[0]?.speed ?? 0) > 0
      )
    })
    const running = await task(app)
    expect(running.files[0]?.size).toBe(TINY_GGUF_SIZE)
    expect(running.files[0]?.eta_seconds).toBeGreaterThan(0)
    const paused = await post(app, 'pause')
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json()).toMatchObject({ state: 'paused' })
    expect((await post(app, 'pause')).statusCode).toBe(409)
    const kept = (await task(app)).files[0]?.done ?? 0
    expect(kept).toBeGreaterThan(0)
    // Its half-done files are the task's: removing them from the cache is refused (cancelling the task removes them).
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/cache/models?model_version=${VERSION}`,
    })
    expect([removed.statusCode, removed.json<{ detail: string }>().detail]).toEqual([
      409,
      `${VERSION} is being downloaded: cancel its download instead (that removes its files)`,
    ])

    expect((await post(app, 'resume')).json()).toMatchObject({ state: 'downloading' })
    await waitFor(async () => (await task(app)).state === 'completed')
    const fetches = hub.requests.filter((request) => request.path.endsWith('.gguf'))
    expect(fetches).toHaveLength(2)
    expect(fetches[0]?.range).toBeUndefined()
    const from = Number(/^bytes=(\d+)-$/.exec(fetches[1]?.range ?? '')?.[1])
    expect(from).toBeGreaterThanOrEqual(kept)
    const file = join(app.platform.cache.root, VERSION, FILE)
    expect(readFileSync(file).equals(tinyModel('chat'))).toBe(true)
  })

  it('cancels, removing the partial files; a finished download cannot be cancelled', async () => {
    const hub = await startHub({ bytesPerSecond: 100_000 })
    const app = await testApp({ hfEndpoint: hub.url })
    expect((await start(app)).statusCode).toBe(201)
    await waitFor(async () => ((await task(app)).files[0]?.done ?? 0) > 0)
    const cancelled = await post(app, 'cancel')
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', files: [{ done: 0 }] })
    expect(existsSync(join(app.platform.cache.root, VERSION))).toBe(false)
    expect((await post(app, 'cancel')).statusCode).toBe(409)
    expect((await post(app, 'resume')).statusCode).toBe(409)
  })

  it('goes on after the server restarts, from the partial file', async () => {
    const hub = await startHub({ bytesPerSecond: 150_000 })
    const config = { ...testConfig(), hfEndpoint: hub.url }
    const first = await testApp(config)
    expect((await start(first)).statusCode).toBe(201)
    await waitFor(async () => ((await task(first)).files[0]?.done ?? 0) > 100_000)
    await first.close()
    const again = await testApp(config)
    await again.ready()
    await waitFor(async () => (await task(again)).state === 'completed')
    const fetches = hub.requests.filter((request) => request.path.endsWith('.gguf'))
    expect(Number(/^bytes=(\d+)-$/.exec(fetches.at(-1)?.range ?? '')?.[1])).toBeGreaterThan(100_000)
    expect(readFileSync(join(config.dataDir, 'cache', VERSION, FILE)).equals(tinyModel('chat'))).toBe(true)
  })

  it('tries a hub that did not answer again by itself, naming it meanwhile', async () => {
    // A port nobody answers on, until the hub comes back on it.
    const away = await startLocalHub()
    const port = Number(new URL(away.url).port)
    await away.close()
    const app = await testApp({ hfEndpoint: `http://127.0.0.1:${port}`, timeouts: { downloadRetryMs: 400 } })
    expect((await start(app)).statusCode).toBe(201)
    let waiting: DownloadTask | undefined
    await waitFor(async () => (waiting = await task(app)).retry_at !== null)
    expect(waiting?.state).toBe('queued')
    expect(waiting?.reason).toContain(`Could not download http://127.0.0.1:${port}/`)
    const hub = await startLocalHub({}, port)
    try {
      await waitFor(async () => (await task(app)).state === 'completed')
      const done = await task(app)
      expect([done.reason, done.retry_at]).toEqual([null, null])
      expect(hub.requests.some((request) => request.path.endsWith(FILE))).toBe(true)
    } finally {
      await hub.close()
    }
  })

  it('waits twice as long before each new try of a hub, up to 10 min, 8 times', () => {
    const waits = Array.from({ length: 10 }, (_, retries) => retryWait(retries, 30_000))
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000, 600_000, null, null])
  })

  it('refuses a download the disk has no room for, before a byte is written, and says what to do', async () => {
    const hub = await startHub()
    const app = await testApp({ hfEndpoint: hub.url, cacheReserveBytes: 2 ** 60 })
    expect((await start(app)).statusCode).toBe(201)
    await waitFor(async () => (await task(app)).state === 'failed')
    const failed = await task(app)
    expect(failed.reason).toMatch(/^Not enough free space for the download: it needs 0\.6 MiB/)
    expect(failed.reason).toContain('--cache-reserve')
    expect(failed.files[0]?.done).toBe(0)
    expect(readdirSync(join(app.platform.cache.root, VERSION))).toEqual([])
  })

  it('answers bad requests with a 4xx and keeps no task for them', async () => {
    const app = await testApp()
    const unknown = await start(app, { ...ONLY, model_name: 'no-such-model' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ detail: 'Model no-such-model not found' })
    const quantization = await start(app, { ...ONLY, quantization: 'q9_z' })
    expect(quantization.statusCode).toBe(400)
    expect(quantization.json<{ detail: string }>().detail).toContain('q9_z')
    const long = await start(app, { ...ONLY, model_name: 'x'.repeat(201) })
    expect(long.statusCode).toBe(422)
    // Upstream's validation answer: a list of problems, each naming its field.
    expect(JSON.stringify(long.json<{ detail: unknown }>().detail)).toContain('model_name')
    expect((await app.inject('/api/v1/cache/downloads')).json()).toEqual({ downloads: [] })
    expect((await app.inject(`/api/v1/cache/models/${VERSION}/progress`)).statusCode).toBe(404)
    expect((await post(app, 'pause', '..%2F..%2Fetc')).statusCode).toBe(404)
  })
})
