import {
  ClusterBriefList,
  NO_LIMITS,
  RunningModelList,
  type BenchmarkReport,
} from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { RECORDED, recorded } from './gateway-helper.js'
import { ADMIN, afterThisTest, authFile, signIn, testApp, VIEWER, waitFor } from './helper.js'
import { member, signedInUser, storeApp } from './store-helper.js'
import { startReplayUpstream } from './support/replay-upstream.js'

// One platform in front of the replays of real Xinference 3.2.1, 2.12.0 and 1.8.0 at once (docs/clusters.md):
// each cluster's routes under /clusters/{name}, and the platform's inference routes reaching their models.

async function replayOf(version: 'v1.8.0' | 'v2.12.0' | 'v3.2.1') {
  const replay = await startReplayUpstream(`${RECORDED}${version}`)
  afterThisTest(() => replay.close())
  return replay
}

async function threeClusters(app: FastifyInstance, token?: string) {
  const gpu = await replayOf('v3.2.1')
  const mid = await replayOf('v2.12.0')
  const old = await replayOf('v1.8.0')
  const headers = token ? { authorization: `Bearer ${token}` } : {}
  for (const [name, replay, credential] of [
    ['gpu', gpu, { kind: 'password', username: 'admin', password: 'admin-password-123' }],
    ['mid', mid, { kind: 'none' }],
    ['old', old, { kind: 'none' }],
  ] as const) {
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/clusters',
      headers,
      payload: { name, address: replay.url, credential },
    })
    expect(added.json(), name).toMatchObject({ status: { state: 'up' } })
  }
  return { gpu, mid, old }
}

/** The 3.2.1 replay held as `gpu`, its tiny model registered and launched there through this server. */
async function gpuRunningTiny(app: FastifyInstance, headers: Record<string, string> = {}) {
  const gpu = await replayOf('v3.2.1')
  const added = await app.inject({
    method: 'POST',
    url: '/api/v1/clusters',
    headers,
    payload: {
      name: 'gpu',
      address: gpu.url,
      credential: { kind: 'password', username: 'admin', password: 'admin-password-123' },
    },
  })
  expect(added.statusCode, added.body).toBe(201)
  for (const [path, file] of [
    ['model_registrations/LLM', '110'],
    ['models', '112'],
  ] as const) {
    const sent = await app.inject({
      method: 'POST',
      url: `/clusters/gpu/api/v1/${path}`,
      headers,
      payload: recorded('v3.2.1', file).request.body as object,
    })
    expect(sent.statusCode, sent.body).toBe(200)
  }
  return gpu
}

const running = async (app: FastifyInstance, cluster: string, headers = {}) => {
  const answer = await app.inject({ url: `/clusters/${cluster}/api/v1/models`, headers })
  expect(answer.statusCode, answer.body).toBe(200)
  return RunningModelList.parse(answer.json()).data.map((model) => model.id)
}

describe('clusters served by the platform', { timeout: 30_000 }, () => {
  it('lists, launches, chats and terminates on each cluster, and one down leaves the others working', async () => {
    const app = await testApp()
    const { gpu, old } = await threeClusters(app)
    for (const cluster of ['gpu', 'mid', 'old']) expect(await running(app, cluster)).toEqual([])

    // Launched on two clusters, as each version takes it, through the same routes.
    for (const [cluster, version] of [
      ['gpu', 'v3.2.1'],
      ['old', 'v1.8.0'],
    ] as const) {
      const registered = await app.inject({
        method: 'POST',
        url: `/clusters/${cluster}/api/v1/model_registrations/LLM`,
        payload: recorded(version, '110').request.body as object,
      })
      expect(registered.statusCode, registered.body).toBe(200)
      const launched = await app.inject({
        method: 'POST',
        url: `/clusters/${cluster}/api/v1/models`,
        payload: recorded(version, '112').request.body as object,
      })
      expect(launched.json()).toEqual({ model_uid: 'tiny' })
      expect(await running(app, cluster)).toEqual(['tiny'])
    }
    // v3 was asked with the token it gave this server, never anything of the console's.
    const launch = gpu.requests.find((request) => request.method === 'POST' && request.path === '/v1/models')
    expect(launch?.headers.authorization).toMatch(/^Bearer ey/)
    expect(old.requests.every((request) => request.headers.authorization === undefined)).toBe(true)
    expect(await running(app, 'mid')).toEqual([])

    // Clients at the platform's own address: `tiny` runs on two clusters, so it must be named with one.
    const chat = (model: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        payload: { ...(recorded('v3.2.1', '129').request.body as object), model },
      })
    const ambiguous = await chat('tiny')
    expect(ambiguous.statusCode).toBe(409)
    expect(ambiguous.json<{ detail: string }>().detail).toContain('name it as gpu/tiny or old/tiny')
    // Terminated on one cluster; the other keeps its model.
    const terminated = await app.inject({ method: 'DELETE', url: '/clusters/old/api/v1/models/tiny' })
    expect(terminated.statusCode).toBe(200)
    expect(await running(app, 'old')).toEqual([])
    expect(await running(app, 'gpu')).toEqual(['tiny'])

    const onGpu = await chat('gpu/tiny')
    expect(onGpu.statusCode, onGpu.body).toBe(200)
    expect(onGpu.headers['content-type']).toMatch(/text\/event-stream/)
    expect(onGpu.body.trim().endsWith('data: [DONE]')).toBe(true)
    // Its use is kept as the cluster's model, whichever way a client names it, with the tokens its answer told
    // (the recorded stream's last chunk: 9 in, 12 out) and when its first text came.
    const since = Math.floor(Date.now() / 1000) - 3600
    const usage = await app.inject(`/api/v1/usage?since=${String(since)}`)
    expect(usage.json<{ rows: unknown[] }>().rows).toEqual([
      expect.objectContaining({
        model: 'gpu/tiny',
        requests: 1,
        errors: 0,
        prompt_tokens: 9,
        generated_tokens: 12,
        first_token_ms_p50: expect.any(Number) as number,
      }),
    ])
    const sent = gpu.requests.findLast((request) => request.path === '/v1/chat/completions')
    expect(sent?.body).toMatchObject({ model: 'tiny', stream: true })
    expect(sent?.headers.authorization).toMatch(/^Bearer ey/)
    // Asked uncompressed, so that its tokens can be read on the way.
    expect(sent?.headers['accept-encoding']).toBe('identity')

    // One cluster stops: its requests say so, the others answer as before.
    await old.close()
    const down = await app.inject('/clusters/old/api/v1/models')
    expect(down.statusCode).toBeGreaterThanOrEqual(502)
    expect(down.json<{ detail: string }>().detail).toMatch(/^Cannot reach cluster old: /)
    // Its address is an administrator's setting: what every user reads names the cluster, never where it is.
    const url = new URL(old.url)
    for (const said of [down.body, (await app.inject('/clusters/old/api/v1/console/features')).body]) {
      expect(said).not.toContain(url.host)
    }
    await app.inject({ method: 'POST', url: '/api/v1/clusters/old/test' })
    const states = await app.inject('/api/v1/clusters/states')
    const told = ClusterBriefList.parse(states.json()).clusters.find((one) => one.name === 'old')
    expect(told?.status.state).toBe('down')
    expect(states.body).not.toContain(url.host)
    expect((await app.inject('/clusters/gpu/api/v1/models')).statusCode).toBe(200)
    expect(await running(app, 'mid')).toEqual([])
  })

  it('reaches a model one cluster alone runs by its bare uid, and leaves other names to the platform', async () => {
    const app = await testApp()
    const old = await replayOf('v1.8.0')
    await app.inject({
      method: 'POST',
      url: '/api/v1/clusters',
      payload: { name: 'old', address: old.url, credential: { kind: 'none' } },
    })
    for (const name of ['110', '112'])
      await app.inject({
        method: 'POST',
        url: `/clusters/old${name === '110' ? '/api/v1/model_registrations/LLM' : '/api/v1/models'}`,
        payload: recorded('v1.8.0', name).request.body as object,
      })
    const completion = await app.inject({
      method: 'POST',
      url: '/v1/completions',
      payload: recorded('v1.8.0', '130').request.body as object,
    })
    // The cluster's own answer, as it gave it (1.8.0 fails this call with a 500 of its own).
    expect(completion.statusCode).toBe(recorded('v1.8.0', '130').response.status)
    expect(completion.json()).toEqual(recorded('v1.8.0', '130').response.body)
    expect(old.requests.at(-1)).toMatchObject({ path: '/v1/completions', body: { model: 'tiny' } })
    // A name no cluster runs is the platform's to answer, as before.
    const nowhere = await app.inject({
      method: 'POST',
      url: '/v1/completions',
      payload: { model: 'nope', prompt: 'hi' },
    })
    expect(nowhere.statusCode).toBe(400)
    expect(nowhere.json<{ detail: string }>().detail).toContain('nope')
  })

  it('refuses a bare uid two clusters run, naming both, and sends it to neither', async () => {
    const app = await testApp()
    const gpu = await gpuRunningTiny(app)
    const old = await replayOf('v1.8.0')
    await app.inject({
      method: 'POST',
      url: '/api/v1/clusters',
      payload: { name: 'old', address: old.url, credential: { kind: 'none' } },
    })
    for (const name of ['110', '112'])
      await app.inject({
        method: 'POST',
        url: `/clusters/old${name === '110' ? '/api/v1/model_registrations/LLM' : '/api/v1/models'}`,
        payload: recorded('v1.8.0', name).request.body as object,
      })
    const chat = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      payload: { ...(recorded('v3.2.1', '129').request.body as object), model: 'tiny' },
    })
    expect(chat.statusCode).toBe(409)
    expect(chat.json<{ detail: string }>().detail).toContain('name it as gpu/tiny or old/tiny')
    for (const replay of [gpu, old])
      expect(replay.requests.filter((request) => request.path === '/v1/chat/completions')).toEqual([])
  })

  it('sends only the route table to a cluster, and says a refused credential is not the user’s', async () => {
    const app = await testApp()
    const { gpu } = await threeClusters(app)
    const unknown = await app.inject('/clusters/nowhere/api/v1/models')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json<{ detail: string }>().detail).toBe('No cluster called nowhere')
    const before = gpu.requests.length
    const outside = await app.inject('/clusters/gpu/internal/secrets')
    expect(outside.statusCode).toBe(404)
    expect(gpu.requests.length).toBe(before)
    const escape = await app.inject('/clusters/gpu/%2e%2e/%2e%2e/etc/passwd')
    expect(escape.statusCode).toBe(404)

    // The cluster stops taking the kept password: a 502 that says so, never a 401 that would sign the user out.
    await app.inject({
      method: 'PUT',
      url: '/api/v1/clusters/gpu',
      payload: { credential: { kind: 'api_key', api_key: 'sk-wrong-key-000' } },
    })
    const refused = await app.inject('/clusters/gpu/api/v1/models')
    expect(refused.statusCode).toBe(502)
    expect(refused.json<{ detail: string }>().detail).toContain(
      'The cluster gpu refused the credential this server keeps for it (HTTP 401)',
    )
  })

  it("checks the console's user by the route's scope, and never sends their token to a cluster", async () => {
    const app = await testApp({ authConfig: authFile() })
    const admin = await signIn(app, ADMIN)
    const { gpu } = await threeClusters(app, admin)
    const viewer = await signIn(app, VIEWER)
    const as = (token: string) => ({ authorization: `Bearer ${token}` })

    expect((await app.inject('/clusters/gpu/api/v1/models')).statusCode).toBe(401)
    expect(await running(app, 'gpu', as(viewer))).toEqual([])
    // Everyone who sees models sees which clusters there are, without their addresses.
    const states = await app.inject({ url: '/api/v1/clusters/states', headers: as(viewer) })
    const listed = states.json<{ clusters: { name: string; status: { state: string } }[] }>().clusters
    expect(listed.map((one) => [one.name, one.status.state])).toEqual([
      ['gpu', 'up'],
      ['mid', 'up'],
      ['old', 'up'],
    ])
    expect(states.body).not.toContain('127.0.0.1')
    // A viewer may not launch, whatever the kept credential could do there: nothing reaches the cluster.
    const before = gpu.requests.length
    const launch = await app.inject({
      method: 'POST',
      url: '/clusters/gpu/api/v1/models',
      headers: as(viewer),
      payload: recorded('v3.2.1', '112').request.body as object,
    })
    expect(launch.statusCode).toBe(403)
    // Nor administer the cluster's users with it.
    const users = await app.inject({ url: '/clusters/gpu/v1/admin/users', headers: as(viewer) })
    expect(users.statusCode).toBe(403)
    expect(gpu.requests.length).toBe(before)
    // Nothing under a cluster is open to all here (its answers come with the kept credential), and a cluster is
    // not signed in to, nor its model pages asked, through this server: the cluster is asked nothing.
    expect((await app.inject('/clusters/gpu/metrics')).statusCode).toBe(401)
    expect((await app.inject('/clusters/gpu/api/v1/console/features')).statusCode).toBe(401)
    const guessed = await app.inject({
      method: 'POST',
      url: '/clusters/gpu/token',
      headers: as(viewer),
      payload: { username: 'admin', password: 'guess' },
    })
    expect(guessed.statusCode).toBe(404)
    expect((await app.inject({ url: '/clusters/gpu/metrics', headers: as(viewer) })).statusCode).toBe(404)
    expect(gpu.requests.length).toBe(before)
    for (const request of gpu.requests) {
      expect(request.headers.authorization ?? '').not.toContain(viewer)
      expect(request.headers.authorization ?? '').not.toContain(admin)
    }
  })
})

describe("a cluster's tokens", { timeout: 30_000 }, () => {
  it("count against a user's token budget as this platform's own models' do", async () => {
    const { app, admin } = await storeApp()
    await gpuRunningTiny(app, admin)
    const alice = await signedInUser(app, admin, member('alice', ['models:read']))
    const aliceId = (await app.inject({ url: '/v1/admin/users', headers: admin }))
      .json<{ id: number; username: string }[]>()
      .find((user) => user.username === 'alice')?.id
    // Below one answer's 21 tokens: the first is let in, and spends it.
    const limits = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${String(aliceId)}/limits`,
      headers: admin,
      payload: { ...NO_LIMITS, token_budget: 20 },
    })
    expect(limits.statusCode, limits.body).toBe(200)
    const chat = () =>
      app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: alice,
        payload: { ...(recorded('v3.2.1', '129').request.body as object), model: 'gpu/tiny' },
      })
    // The cluster's list read (as each alert evaluation reads it): `gpu/tiny` is a model it lists.
    await app.platform.alerting.tick()
    expect((await chat()).statusCode).toBe(200)
    const refused = await chat()
    expect(refused.statusCode).toBe(429)
    expect(refused.json<{ detail: string }>().detail).toContain('user alice')
    // Refused here before the route reached the cluster, it still counts as a refusal of that cluster's model (its
    // usage, and the alert rules on refusals).
    const since = Math.floor(Date.now() / 1000) - 3600
    const usage = await app.inject({ url: `/api/v1/usage?since=${String(since)}`, headers: admin })
    expect(usage.json<{ rows: unknown[] }>().rows).toEqual([
      expect.objectContaining({ model: 'gpu/tiny', requests: 1, refused: 1 }),
    ])
  })
})

describe("a cluster's model's limits", { timeout: 30_000 }, () => {
  it('are set at `cluster/uid` and count whichever way a client names the model', async () => {
    const app = await testApp()
    const gpu = await gpuRunningTiny(app)
    const limit = (model: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/models/${encodeURIComponent(model)}/limits`,
        payload: { ...NO_LIMITS, requests_per_minute: 1 },
      })
    // A model the cluster does not run has no limits to set.
    const nowhere = await limit('gpu/made-up')
    expect(nowhere.statusCode).toBe(404)
    expect((await limit('gpu/tiny')).statusCode).toBe(200)
    const chat = (model: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        payload: { ...(recorded('v3.2.1', '129').request.body as object), model },
      })
    // Named bare (the one cluster that runs it), then as `cluster/uid`: one model, one minute's one request.
    expect((await chat('tiny')).statusCode).toBe(200)
    const refused = await chat('gpu/tiny')
    expect(refused.statusCode).toBe(429)
    expect(refused.json<{ detail: string }>().detail).toContain('model gpu/tiny')
    // Nor does the cluster's path here go round them: a model is reached there only as `cluster/uid`.
    const direct = await app.inject({
      method: 'POST',
      url: '/clusters/gpu/v1/chat/completions',
      payload: { ...(recorded('v3.2.1', '129').request.body as object), model: 'tiny' },
    })
    expect(direct.statusCode).toBe(404)
    expect(direct.json<{ detail: string }>().detail).toContain('naming it gpu/uid')
    expect(gpu.requests.filter((request) => request.path === '/v1/chat/completions')).toHaveLength(1)
    const shown = await app.inject({ url: `/api/v1/models/${encodeURIComponent('gpu/tiny')}/limits` })
    expect(shown.json()).toMatchObject({ limits: { requests_per_minute: 1 } })
  })
})

describe("a cluster's model's benchmark", { timeout: 60_000 }, () => {
  it('runs from the platform as clients reach the model, described by its cluster with the credential kept for it', async () => {
    const app = await testApp()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const gpu = await gpuRunningTiny(app)
    const settings = { preset: 'short_chat', concurrency: [1], requests_per_level: 2, max_tokens: 12 }
    const nowhere = await app.inject({
      method: 'POST',
      url: '/api/v1/benchmarks',
      payload: { ...settings, model_uid: 'gpu/made-up' },
    })
    expect(nowhere.statusCode).toBe(400)
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/benchmarks',
      payload: { ...settings, model_uid: 'gpu/tiny' },
    })
    expect(started.statusCode, started.body).toBe(201)
    const { id } = started.json<BenchmarkReport>()
    const report = async () => (await app.inject(`/api/v1/benchmarks/${String(id)}`)).json<BenchmarkReport>()
    await waitFor(async () => (await report()).state === 'completed', 30_000)
    expect(await report()).toMatchObject({
      done: 2,
      // The model as its cluster describes it, and the cluster's workers as the machine.
      model: { model_name: 'tiny-llama-test', model_type: 'LLM', model_engine: 'Transformers' },
      machine: { workers: 1, cluster: expect.stringContaining('(Xinference 3') as unknown },
      levels: [expect.objectContaining({ concurrency: 1, requests: 2, errors: 0, tokens: 24 })],
    })
    // Its requests reached the cluster as its uid, through the platform's routes, with the cluster's credential.
    const chats = gpu.requests.filter((request) => request.path === '/v1/chat/completions')
    expect(chats.map((request) => (request.body as { model: string }).model)).toEqual(['tiny', 'tiny'])
    const signedIn = recorded('v3.2.1', '008').response.body as { access_token: string }
    expect(new Set(chats.map((request) => request.headers.authorization))).toEqual(
      new Set([`Bearer ${signedIn.access_token}`]),
    )
  })
})
