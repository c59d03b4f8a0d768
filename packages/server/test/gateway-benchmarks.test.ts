import type { BenchmarkReport } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { gatewayTo, recorded } from './gateway-helper.js'
import { waitFor } from './helper.js'

// Benchmarks through the gateway (docs/benchmarks.md): the gateway runs them against a cluster's model, through its
// own routes, for the cluster's administrators; here against the replays of real Xinference servers.

const SETTINGS = {
  model_uid: 'tiny',
  preset: 'short_chat',
  concurrency: [1, 2],
  requests_per_level: 2,
  max_tokens: 12,
}

const tokenOf = (name: string) =>
  (recorded('v3.2.1', name).response.body as { access_token: string }).access_token

describe('benchmarks through the gateway', { timeout: 60_000 }, () => {
  it("runs on a Xinference 3 cluster's model for its administrator, with the cluster's token on every request", async () => {
    const { replay, call, post } = await gatewayTo('v3.2.1')
    const started = await post('/api/v1/benchmarks', SETTINGS)
    expect(started.status, await started.clone().text()).toBe(201)
    const { id } = (await started.json()) as BenchmarkReport
    const report = async () => (await (await call(`/api/v1/benchmarks/${id}`)).json()) as BenchmarkReport
    await waitFor(async () => (await report()).state === 'completed', 30_000)
    const done = await report()
    expect(done).toMatchObject({
      done: 4,
      total: 4,
      started_by: 'admin',
      // The model as the cluster describes it: its launch settings, by upstream's names.
      model: {
        model_name: 'tiny-llama-test',
        model_type: 'LLM',
        model_engine: 'Transformers',
        context_length: 512,
      },
      machine: { workers: 1, cpus: 2, cluster: expect.stringContaining('(Xinference 3') as unknown },
    })
    expect(done.levels.map((level) => [level.concurrency, level.requests, level.errors])).toEqual([
      [1, 2, 0],
      [2, 2, 0],
    ])
    // The tokens are those the cluster's usage said: 12 an answer, as recorded.
    expect(done.levels.map((level) => level.tokens)).toEqual([24, 24])
    expect(done.levels[0]?.ttft_ms.p50).toBeGreaterThan(0)
    // Every request went through the gateway to the cluster, with the starter's own token.
    const chats = replay.requests.filter((request) => request.path === '/v1/chat/completions')
    expect(chats).toHaveLength(4)
    expect(new Set(chats.map((request) => request.headers.authorization))).toEqual(
      new Set([`Bearer ${tokenOf('008')}`]),
    )
    const listed = (await (await call('/api/v1/benchmarks')).json()) as { reports: BenchmarkReport[] }
    expect(listed.reports.map((one) => one.id)).toEqual([id])
  })

  it("refuses anyone but the cluster's administrators, and reads no claim of a token the cluster refuses", async () => {
    const { url, replay } = await gatewayTo('v3.2.1')
    const as = (authorization?: string) => (path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    // Nobody: 401.
    expect((await as()('/api/v1/benchmarks', SETTINGS)).status).toBe(401)
    // A viewer of the cluster (models:list): 403, saying why.
    const viewer = as(`Bearer ${tokenOf('013')}`)
    const refused = await viewer('/api/v1/benchmarks', SETTINGS)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { detail: string }).detail).toContain(
      'only an administrator of the cluster may run or read them',
    )
    expect((await viewer('/api/v1/benchmarks')).status).toBe(403)
    // A token made up to say "admin", which the cluster does not accept: 401, its claims unread.
    const forged = `e30.${Buffer.from(JSON.stringify({ sub: 'mallory', scopes: ['admin'] })).toString('base64url')}.x`
    expect((await as(`Bearer ${forged}`)('/api/v1/benchmarks', SETTINGS)).status).toBe(401)
    expect(replay.requests.some((request) => request.path === '/v1/chat/completions')).toBe(false)
  })

  it('runs for anyone on a cluster without sign-in (Xinference 1.8), counting a stream without usage by its events', async () => {
    const { post, call } = await gatewayTo('v1.8.0')
    const started = await post('/api/v1/benchmarks', { ...SETTINGS, concurrency: [1], requests_per_level: 1 })
    expect(started.status, await started.clone().text()).toBe(201)
    const { id } = (await started.json()) as BenchmarkReport
    await waitFor(
      async () =>
        ((await (await call(`/api/v1/benchmarks/${id}`)).json()) as BenchmarkReport).state === 'completed',
      30_000,
    )
    const done = (await (await call(`/api/v1/benchmarks/${id}`)).json()) as BenchmarkReport
    expect(done.started_by).toBeNull()
    expect(done.levels[0]?.errors).toBe(0)
    expect(done.levels[0]?.tokens).toBeGreaterThan(0)
    // A model the cluster does not run: 400, nothing written.
    const unknown = await post('/api/v1/benchmarks', { ...SETTINGS, model_uid: 'no-such-model' })
    expect(unknown.status).toBe(400)
    const listed = (await (await call('/api/v1/benchmarks')).json()) as { reports: BenchmarkReport[] }
    expect(listed.reports).toHaveLength(1)
  })
})
