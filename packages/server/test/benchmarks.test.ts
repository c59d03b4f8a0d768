import type { BenchmarkReport, RunningModel } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { testApp, waitFor } from './helper.js'

// Benchmarks (docs/benchmarks.md): the server's own requests to its own routes, on the real tiny chat model.

async function serving(uid = 'bench') {
  const app = await testApp()
  await app.listen({ port: 0, host: '127.0.0.1' })
  const launched = await app.inject({
    method: 'POST',
    url: '/api/v1/models',
    payload: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: uid },
  })
  expect(launched.statusCode, launched.body).toBe(200)
  return app
}
const start = (app: FastifyInstance, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/benchmarks', payload })
const report = async (app: FastifyInstance, id: number) =>
  (await app.inject(`/api/v1/benchmarks/${id}`)).json<BenchmarkReport>()
const detail = (body: string) => JSON.stringify((JSON.parse(body) as { detail: unknown }).detail)

describe('benchmarks', { timeout: 60_000 }, () => {
  it('measures each concurrency level; the tokens it counts are those the server counted', async () => {
    const app = await serving()
    const started = await start(app, {
      model_uid: 'bench',
      preset: 'short_chat',
      concurrency: [1, 2],
      requests_per_level: 3,
      max_tokens: 8,
    })
    expect(started.statusCode, started.body).toBe(201)
    const { id } = started.json<BenchmarkReport>()
    await waitFor(async () => (await report(app, id)).state === 'completed', 30_000)
    const done = await report(app, id)
    expect(done).toMatchObject({
      done: 6,
      total: 6,
      reason: null,
      model: { model_name: 'tiny-chat', n_parallel: 4 },
    })
    expect(done.levels.map((level) => [level.concurrency, level.requests, level.errors])).toEqual([
      [1, 3, 0],
      [2, 3, 0],
    ])
    for (const level of done.levels) {
      expect(level.ttft_ms.p50).toBeGreaterThan(0)
      expect(level.latency_ms.p99).toBeGreaterThanOrEqual(level.ttft_ms.p99 ?? 0)
      expect(level.tokens_per_second).toBeGreaterThan(0)
    }
    const models = (await app.inject('/api/v1/models')).json<{ data: RunningModel[] }>()
    const usage = models.data.find((model) => model.id === 'bench')?.usage
    expect(done.levels.reduce((sum, level) => sum + level.tokens, 0)).toBe(usage?.generated_tokens)
    expect(usage?.requests).toBe(6)
    expect(
      (await app.inject('/api/v1/benchmarks')).json<{ reports: BenchmarkReport[] }>().reports,
    ).toHaveLength(1)
  })

  it('refuses absurd settings with their bounds, and a preset the model does not answer; nothing is written', async () => {
    const app = await serving()
    const base = { model_uid: 'bench', preset: 'short_chat', concurrency: [1], requests_per_level: 1 }
    const cases: [object, number, string][] = [
      [{ ...base, concurrency: [10_000] }, 422, 'at most 64 users at once'],
      [{ ...base, requests_per_level: 1_000_000 }, 422, 'at most 1000 requests a level'],
      [
        { ...base, concurrency: [1, 2, 4, 8, 16, 32], requests_per_level: 1000 },
        422,
        'at most 5000 requests in all',
      ],
      [{ ...base, concurrency: Array.from({ length: 9 }, () => 1) }, 422, 'at most 8 levels of concurrency'],
      [{ ...base, max_tokens: 100_000 }, 422, 'at most 2048 tokens an answer'],
      [{ ...base, model_uid: 'nobody' }, 400, 'No running model nobody'],
      [{ ...base, preset: 'embeddings_batch' }, 400, 'embeddings_batch an embedding model'],
    ]
    for (const [payload, status, words] of cases) {
      const answer = await start(app, payload)
      expect(answer.statusCode, answer.body).toBe(status)
      expect(detail(answer.body)).toContain(words)
    }
    expect((await app.inject('/api/v1/benchmarks')).json()).toEqual({ reports: [] })
  })

  it('runs one at a time a model; a stop keeps what it has; a model terminated mid-run ends it plainly', async () => {
    const app = await serving()
    const long = {
      model_uid: 'bench',
      preset: 'short_chat',
      concurrency: [1],
      requests_per_level: 1000,
      max_tokens: 32,
    }
    const first = (await start(app, long)).json<BenchmarkReport>()
    const again = await start(app, long)
    expect(again.statusCode).toBe(409)
    expect(again.json<{ detail: string }>().detail).toContain('has a benchmark running')
    await waitFor(async () => (await report(app, first.id)).done > 0)
    const stopped = await app.inject({ method: 'POST', url: `/api/v1/benchmarks/${first.id}/stop` })
    expect(stopped.json()).toMatchObject({
      state: 'stopped',
      reason: 'Stopped: the levels it finished are kept',
    })
    expect(
      (await app.inject({ method: 'POST', url: `/api/v1/benchmarks/${first.id}/stop` })).statusCode,
    ).toBe(409)

    const second = (await start(app, long)).json<BenchmarkReport>()
    expect(second.state).toBe('running')
    await waitFor(async () => (await report(app, second.id)).done > 0)
    await app.inject({ method: 'DELETE', url: '/api/v1/models/bench' })
    await waitFor(async () => (await report(app, second.id)).state !== 'running')
    expect(await report(app, second.id)).toMatchObject({
      state: 'failed',
      reason: 'The model bench was terminated during the run: the levels it finished are kept',
      levels: [],
    })
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/benchmarks/${second.id}` })).json()).toEqual({
      ok: true,
    })
    expect((await app.inject(`/api/v1/benchmarks/${second.id}`)).statusCode).toBe(404)
  })
})
