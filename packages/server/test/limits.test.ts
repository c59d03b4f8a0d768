import type { FastifyInstance } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { KEPT_FAILED_LAUNCHES } from '../src/platform/runtime/model-manager.js'
import { postChat, testApp, waitFor } from './helper.js'
import { abandonedChat, launch, localHubs, watchServing } from './runtime-helper.js'

// No single request may take more of the platform than it is allowed to: workers, tokens, slots, memory.

const startHub = localHubs()

const TINY_CHAT = { model_name: 'tiny-chat', model_type: 'LLM', model_format: 'ggufv2', quantization: 'f32' }
const QWEN = {
  model_name: 'qwen2.5-instruct',
  model_type: 'LLM',
  model_format: 'ggufv2',
  model_size_in_billions: '0_5',
  quantization: 'q4_k_m',
}

const chatBody = (model: string, extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: 'user', content: 'Tell me a long story.' }],
  temperature: 0,
  ...extra,
})

/** Resolves once `uid` has admitted `count` requests since this was first asked (served, waiting, or done). */
function admissions(app: FastifyInstance, uid: string): (count: number) => Promise<void> {
  const model = app.platform.models.get(uid)
  const acquire = model.acquire.bind(model)
  let admitted = 0
  model.acquire = (...args) => {
    const place = acquire(...args)
    admitted++
    return place
  }
  return (count) => vi.waitFor(() => expect(admitted).toBe(count), { timeout: 10_000 })
}

describe('model workers', () => {
  it(
    'refuses a launch past the worker cap with 503 and why, before forking anything',
    { timeout: 30_000 },
    async () => {
      const app = await testApp({ maxWorkers: 2 })
      const tooMany = await launch(app, { ...TINY_CHAT, replica: 3 })
      expect(tooMany.statusCode).toBe(503)
      expect(tooMany.json<{ detail: string }>().detail).toMatch(
        /0 of this platform's 2 model workers are in use/,
      )
      expect(app.platform.models.launches()).toHaveLength(0)

      expect((await launch(app, { ...TINY_CHAT, replica: 2 })).statusCode).toBe(200)
      const more = await launch(app, { ...TINY_CHAT, model_uid: 'one-more' })
      expect(more.statusCode).toBe(503)
      expect(more.json<{ detail: string }>().detail).toMatch(
        /2 of this platform's 2 model workers are in use/,
      )

      // Terminating frees the workers.
      await app.inject({ method: 'DELETE', url: '/api/v1/models/tiny-chat' })
      expect((await launch(app, { ...TINY_CHAT, model_uid: 'one-more' })).statusCode).toBe(200)
    },
  )
})

describe('generation', () => {
  it('never generates more tokens than the model context holds', { timeout: 60_000 }, async () => {
    const app = await testApp()
    await launch(app, TINY_CHAT)
    const response = await postChat(app, chatBody('tiny-chat', { max_tokens: 10_000_000 }))
    expect(response.statusCode).toBe(200)
    const { usage } = response.json<{ usage: { completion_tokens: number } }>()
    expect(usage.completion_tokens).toBeGreaterThan(0)
    expect(usage.completion_tokens).toBeLessThanOrEqual(app.platform.models.get('tiny-chat').contextSize)
  })

  it('stops generating when the client goes away, streamed or not', { timeout: 60_000 }, async () => {
    const app = await testApp()
    await app.listen({ port: 0, host: '127.0.0.1' })
    await launch(app, TINY_CHAT)
    // The generation's own result says how far it went; a full one is the yardstick. Its first token says it has
    // begun: a client gone before that is answered without generating anything (not what this test is about), and
    // on a busy machine a fixed wait did not always reach it.
    const { results, nextToken } = watchServing(app, 'tiny-chat')
    const full = await postChat(app, chatBody('tiny-chat', { max_tokens: 2048 }))
    const fullTokens = full.json<{ usage: { completion_tokens: number } }>().usage.completion_tokens
    expect(fullTokens).toBeGreaterThan(200)

    for (const stream of [false, true]) {
      results.length = 0
      await abandonedChat(app, chatBody('tiny-chat', { max_tokens: 2048, stream }), nextToken())
      await waitFor(() => results.length === 1)
      expect(results[0]?.completion_tokens, `stream: ${stream}`).toBeLessThan(fullTokens)
    }
  })

  it('frees the request slot of a stream cancelled while still queued', { timeout: 60_000 }, async () => {
    const app = await testApp()
    await app.listen({ port: 0, host: '127.0.0.1' })
    await launch(app, { ...TINY_CHAT, request_limits: 2 })
    const admitted = admissions(app, 'tiny-chat')
    // One long request holds the single worker; a streamed one queues behind it and is abandoned there.
    const first = postChat(app, chatBody('tiny-chat', { max_tokens: 2048 }))
    await admitted(1)
    await abandonedChat(app, chatBody('tiny-chat', { max_tokens: 8, stream: true }), admitted(2))
    expect((await first).statusCode).toBe(200)
    // Both slots are free again: two requests at once are both served.
    await waitFor(async () => {
      const answers = await Promise.all(
        [1, 2].map(() => postChat(app, chatBody('tiny-chat', { max_tokens: 2 }))),
      )
      return answers.every((answer) => answer.statusCode === 200)
    }, 5000)
  })

  it('answers requests in flight to a model being terminated with 503', { timeout: 60_000 }, async () => {
    const app = await testApp()
    await launch(app, TINY_CHAT)
    const admitted = admissions(app, 'tiny-chat')
    const inFlight = postChat(app, chatBody('tiny-chat', { max_tokens: 2048 }))
    await admitted(1)
    await app.inject({ method: 'DELETE', url: '/api/v1/models/tiny-chat' })
    const response = await inFlight
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ detail: 'Model tiny-chat was terminated while answering this request' })
  })
})

describe('launches', () => {
  it(
    'cancelling one launch leaves another that shares its download running',
    { timeout: 60_000 },
    async () => {
      const hub = await startHub({ bytesPerSecond: 200_000 })
      const app = await testApp({ hfEndpoint: hub.url })
      const first = launch(app, { ...QWEN, model_uid: 'first' })
      await waitFor(() => app.platform.models.find('first')?.stage === 'downloading')
      const second = launch(app, { ...QWEN, model_uid: 'second' })
      await waitFor(() => (app.platform.models.find('second')?.download?.downloaded_bytes ?? 0) > 0)
      expect((await app.inject({ method: 'POST', url: '/v1/models/first/cancel' })).statusCode).toBe(200)
      expect((await first).statusCode).toBe(499)
      const answer = await second
      expect(answer.statusCode, answer.body).toBe(200)
      // One download served both.
      expect(hub.requests.filter((request) => request.range === undefined)).toHaveLength(1)
    },
  )

  it(
    'stops a shared download once every launch waiting on it has cancelled',
    { timeout: 30_000 },
    async () => {
      const hub = await startHub({ bytesPerSecond: 50_000 })
      const app = await testApp({ hfEndpoint: hub.url })
      const launches = ['a', 'b'].map((uid) => launch(app, { ...QWEN, model_uid: uid }))
      await waitFor(() => (app.platform.models.find('b')?.download?.downloaded_bytes ?? 0) > 0)
      for (const uid of ['a', 'b']) await app.inject({ method: 'POST', url: `/v1/models/${uid}/cancel` })
      expect((await Promise.all(launches)).map((answer) => answer.statusCode)).toEqual([499, 499])
      expect(app.platform.cache.isCached('qwen2.5-instruct--0_5B--ggufv2--q4_k_m')).toBe(false)
    },
  )

  it(`keeps only the newest ${KEPT_FAILED_LAUNCHES} failed launches`, { timeout: 60_000 }, async () => {
    const app = await testApp({ hfEndpoint: 'http://127.0.0.1:9' })
    for (let i = 0; i < KEPT_FAILED_LAUNCHES + 10; i++) {
      expect((await launch(app, { ...QWEN, model_uid: `failing-${i}` })).statusCode).toBe(503)
    }
    const launches = (await app.inject('/api/v1/models/launches')).json<{ model_uid: string }[]>()
    expect(launches).toHaveLength(KEPT_FAILED_LAUNCHES)
    expect(launches[0]?.model_uid).toBe(`failing-${KEPT_FAILED_LAUNCHES + 9}`)
  })
})
