import type { Cluster } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RECORDED } from './gateway-helper.js'
import { ADMIN, afterThisTest, authFile, signIn, testApp, testConfig, testGateway, VIEWER } from './helper.js'
import { startReplayUpstream } from './support/replay-upstream.js'

// The clusters a platform holds besides itself (docs/clusters.md), against the replays of real Xinference servers.

async function replayOf(version: 'v1.8.0' | 'v3.2.1') {
  const replay = await startReplayUpstream(`${RECORDED}${version}`)
  afterThisTest(() => replay.close())
  return replay
}

const add = (app: FastifyInstance, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/clusters', payload })
const listed = async (app: FastifyInstance) =>
  (await app.inject('/api/v1/clusters')).json<{ clusters: Cluster[] }>().clusters

describe('clusters', { timeout: 30_000 }, () => {
  it('holds clusters of any version, signs in with the credential given, and says which answer', async () => {
    const v3 = await replayOf('v3.2.1')
    const v1 = await replayOf('v1.8.0')
    const app = await testApp()
    const gpu = await add(app, {
      name: 'gpu',
      address: `${v3.url}/`,
      credential: { kind: 'password', username: 'admin', password: 'admin-password-123' },
    })
    expect(gpu.statusCode, gpu.body).toBe(201)
    expect(gpu.json()).toMatchObject({
      name: 'gpu',
      address: v3.url,
      credential: { kind: 'password', username: 'admin' },
      source: 'console',
      status: { state: 'up', kind: 'xinference', version: '3.2.1', detail: null },
    })
    // Signed in as the credential says: the cluster's own sign-in, then its running list with the token it gave.
    expect(v3.requests.some((request) => request.path === '/token')).toBe(true)
    expect(v3.requests.find((request) => request.path === '/v1/models')?.headers.authorization).toMatch(
      /^Bearer ey/,
    )
    const old = await add(app, { name: 'old', address: v1.url, credential: { kind: 'none' } })
    expect(old.json()).toMatchObject({ status: { state: 'up', version: '1.8.0' } })
    // A cluster that does not answer is kept, and shown down, saying why.
    const gone = await add(app, { name: 'gone', address: 'http://127.0.0.1:9', credential: { kind: 'none' } })
    expect(gone.statusCode).toBe(201)
    expect(gone.json<Cluster>().status).toMatchObject({ state: 'down', latency_ms: null })
    expect(gone.json<Cluster>().status.detail).toContain('Cannot reach')
    expect((await listed(app)).map((cluster) => [cluster.name, cluster.status.state])).toEqual([
      ['gpu', 'up'],
      ['old', 'up'],
      ['gone', 'down'],
    ])
    // No answer carries a password or key.
    expect(JSON.stringify(await listed(app))).not.toContain('admin-password-123')

    // A wrong password: the cluster answered and said no.
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/v1/clusters/gpu',
      payload: { credential: { kind: 'password', username: 'admin', password: 'wrong-password' } },
    })
    expect(wrong.json<Cluster>().status).toMatchObject({ state: 'refused' })
    expect(wrong.json<Cluster>().status.detail).toContain('Sign-in refused')
    // A kept password goes only to the address it was given for: a new address needs it given again.
    const moved = await app.inject({
      method: 'PUT',
      url: '/api/v1/clusters/gpu',
      payload: { address: 'http://127.0.0.1:8' },
    })
    expect(moved.statusCode).toBe(422)
    expect(moved.json<{ detail: string }>().detail).toContain('credential must be given again')
    expect((await listed(app)).find((cluster) => cluster.name === 'gpu')?.address).toBe(v3.url)
    // Renamed, then removed; the address is free again.
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/v1/clusters/old',
      payload: { name: 'legacy' },
    })
    expect(renamed.json()).toMatchObject({ name: 'legacy', status: { state: 'up' } })
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/clusters/legacy' })).json()).toEqual({
      ok: true,
    })
    expect((await listed(app)).map((cluster) => cluster.name)).toEqual(['gpu', 'gone'])
    expect(
      (await add(app, { name: 'again', address: v1.url, credential: { kind: 'none' } })).statusCode,
    ).toBe(201)
  })

  it('refuses a bad address, a name or address held already, and a bad name, writing nothing', async () => {
    const app = await testApp()
    const none = { kind: 'none' }
    const detail = (response: { body: string }) =>
      JSON.stringify((JSON.parse(response.body) as { detail: unknown }).detail)
    for (const address of [
      'ftp://10.0.0.5',
      'http://admin:secret@10.0.0.5:9997',
      'http://10.0.0.5/?x=1',
      'nowhere',
    ]) {
      const refused = await add(app, { name: 'a', address, credential: none })
      expect(refused.statusCode, address).toBe(422)
      expect(detail(refused), address).toContain('address')
    }
    expect((await add(app, { name: 'a b', address: 'http://10.0.0.5', credential: none })).statusCode).toBe(
      422,
    )
    expect(
      (await add(app, { name: 'x'.repeat(65), address: 'http://10.0.0.5', credential: none })).statusCode,
    ).toBe(422)
    expect((await add(app, { name: 'a', address: 'http://127.0.0.1:9', credential: none })).statusCode).toBe(
      201,
    )
    expect((await add(app, { name: 'a', address: 'http://127.0.0.1:8', credential: none })).statusCode).toBe(
      409,
    )
    // The same address, written another way.
    const twice = await add(app, { name: 'b', address: 'http://127.0.0.1:9/', credential: none })
    expect(twice.statusCode).toBe(409)
    expect(detail(twice)).toContain('is the cluster a already')
    expect((await listed(app)).map((cluster) => cluster.name)).toEqual(['a'])
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/clusters/nope' })).statusCode).toBe(404)
  })

  it('are an administrator’s: anyone else is refused', async () => {
    const app = await testApp({ authConfig: authFile() })
    const viewer = await signIn(app, VIEWER)
    const as = (token: string) => ({ authorization: `Bearer ${token}` })
    expect((await app.inject({ url: '/api/v1/clusters', headers: as(viewer) })).statusCode).toBe(403)
    expect((await app.inject({ url: '/api/v1/clusters' })).statusCode).toBe(401)
    const admin = await signIn(app, ADMIN)
    expect((await app.inject({ url: '/api/v1/clusters', headers: as(admin) })).statusCode).toBe(200)
  })

  it('takes clusters from the command line, keeps them across a restart, and leaves their name and address there', async () => {
    const v1 = await replayOf('v1.8.0')
    const config = { ...testConfig(), clusters: [{ name: 'cli', address: new URL(v1.url) }] }
    const first = await testApp(config)
    await add(first, {
      name: 'mine',
      address: 'http://127.0.0.1:9',
      credential: { kind: 'api_key', api_key: 'sk-0123456789abc' },
    })
    expect((await listed(first)).map((cluster) => [cluster.name, cluster.source])).toEqual([
      ['cli', 'command_line'],
      ['mine', 'console'],
    ])
    const rename = await first.inject({
      method: 'PUT',
      url: '/api/v1/clusters/cli',
      payload: { name: 'other' },
    })
    expect(rename.statusCode).toBe(409)
    expect((await first.inject({ method: 'DELETE', url: '/api/v1/clusters/cli' })).statusCode).toBe(409)
    // Its credential is the console's to give.
    const keyed = await first.inject({
      method: 'PUT',
      url: '/api/v1/clusters/cli',
      payload: { credential: { kind: 'api_key', api_key: 'sk-0123456789abc' } },
    })
    expect(keyed.json()).toMatchObject({ credential: { kind: 'api_key', username: null } })
    await first.close()
    // The secret is at rest only in the database only the server's account reads.
    const database = join(config.dataDir, 'platform.db')
    expect(readFileSync(database).includes('sk-0123456789abc')).toBe(true)

    // Started again with cli at another address: its key is forgotten (it went only to the address it was given
    // for), then without --clusters: both kept, the command line's now the console's.
    const moved = await testApp({
      ...config,
      clusters: [{ name: 'cli', address: new URL('http://127.0.0.1:8') }],
    })
    expect((await listed(moved)).find((cluster) => cluster.name === 'cli')?.credential.kind).toBe('none')
    await moved.inject({
      method: 'PUT',
      url: '/api/v1/clusters/cli',
      payload: { credential: { kind: 'api_key', api_key: 'sk-0123456789abc' } },
    })
    await moved.close()
    const second = await testApp({ ...config, clusters: [] })
    expect(
      (await listed(second)).map((cluster) => [cluster.name, cluster.source, cluster.credential.kind]),
    ).toEqual([
      ['cli', 'console', 'api_key'],
      ['mine', 'console', 'api_key'],
    ])
  })

  it('are not a gateway’s: it says it fronts one cluster', async () => {
    const v1 = await replayOf('v1.8.0')
    const { url } = await testGateway(v1.url)
    const answer = await fetch(`${url}/api/v1/clusters`)
    expect(answer.status).toBe(404)
    expect(((await answer.json()) as { detail: string }).detail).toContain('gateway to one cluster')
  })
})
