import { ServerFeatures, type Alert, type AlertRule } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { RECORDED } from './gateway-helper.js'
import { afterThisTest, testGateway } from './helper.js'
import { receiver, verified, webhookChannel } from './support/alert-receiver.js'
import { startReplayUpstream } from './support/replay-upstream.js'
import { ADMIN_TOKEN, KEY, xinference3Cluster } from './support/xinference3-cluster.js'

// A pure gateway's alerts on its one cluster (docs/alerts.md): read with the gateway's own key of the cluster
// (--endpoint-api-key), nobody signed in; kept for the cluster's administrators. A real Xinference-3-like cluster on
// its own port, and a real receiver.

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

async function rulesOf(app: FastifyInstance) {
  const answer = await app.inject({ url: '/api/v1/alerts/rules', headers: admin })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<{ rules: AlertRule[] }>().rules
}

/** The shipped rule of `kind`, told to fire at once. */
async function atOnce(app: FastifyInstance, kind: AlertRule['kind']) {
  const rule = (await rulesOf(app)).find((one) => one.kind === kind)
  const { id, available: _available, unavailable_reason: _reason, ...input } = rule as AlertRule
  const changed = await app.inject({
    method: 'PUT',
    url: `/api/v1/alerts/rules/${String(id)}`,
    headers: admin,
    payload: { ...input, for_seconds: 0, enabled: true },
  })
  expect(changed.statusCode, changed.body).toBe(200)
}

const sent = (body: string | undefined) =>
  (JSON.parse(body ?? '{}') as { alerts: (Alert & { notice: string })[] }).alerts.map(
    ({ notice, kind, model, subject, summary }) => ({ notice, kind, model, subject, summary }),
  )

describe("a gateway's alerts on its cluster", { timeout: 30_000 }, () => {
  it("tells its cluster's model down, a failed launch and the cluster away, read with the gateway's key", async () => {
    const cluster = await xinference3Cluster()
    const { app } = await testGateway(cluster.url, {
      endpointApiKey: KEY,
      timeouts: { clusterProbeMs: 1_000 },
    })
    const features = ServerFeatures.parse(
      (await app.inject({ url: '/api/v1/console/features', headers: admin })).json(),
    )
    expect(features).toMatchObject({ mode: 'gateway', alerts: true })
    // The cluster's administrators keep them: nobody else, signed in or not.
    expect((await app.inject('/api/v1/alerts/rules')).statusCode).toBe(401)

    const hook = await receiver()
    const channel = await app.inject({
      method: 'POST',
      url: '/api/v1/alerts/channels',
      headers: admin,
      payload: webhookChannel(hook.url('/hook'), { secret: 's3cret' }),
    })
    expect(channel.statusCode, channel.body).toBe(201)
    for (const kind of ['replicas_down', 'launch_failed', 'cluster_down'] as const) await atOnce(app, kind)

    // One evaluation reads the cluster with the gateway's key and tells both, named as the cluster names them.
    await app.gateway?.alerting.tick()
    expect(hook.received).toHaveLength(1)
    const fired = hook.received[0]
    expect(fired && verified('s3cret', fired)).toBe(true)
    expect(sent(hook.received[0]?.body)).toEqual([
      {
        notice: 'fired',
        kind: 'replicas_down',
        model: 'tiny-r2',
        subject: null,
        summary: 'model tiny-r2: 1 replica(s) down (alert at 1)',
      },
      {
        notice: 'fired',
        kind: 'launch_failed',
        model: 'tiny-uv',
        subject: null,
        summary: 'model tiny-uv: its launch failed (see its reason on Running Models)',
      },
    ])
    const reads = cluster.seen.filter((request) =>
      ['/v1/models', '/metrics', '/v1/models/instances'].includes(request.url ?? ''),
    )
    expect(reads.some((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true)
    expect(hook.received[0]?.body).not.toContain(KEY)
    // What a gateway has no figure of is said, not left to never fire.
    const rules = await rulesOf(app)
    const of = (kind: AlertRule['kind']) => rules.find((one) => one.kind === kind)
    expect(of('first_token_ms')).toMatchObject({
      available: false,
      unavailable_reason: "a gateway passes its cluster's requests on as they are, without timing them",
    })
    expect(of('host_memory')).toMatchObject({ available: false })
    expect(of('replicas_down')).toMatchObject({ available: true })

    // Acknowledged by the cluster's administrator, by name.
    const firing = (await app.inject({ url: '/api/v1/alerts?state=firing', headers: admin })).json<{
      alerts: Alert[]
    }>().alerts
    const acknowledged = await app.inject({
      method: 'POST',
      url: `/api/v1/alerts/${String(firing[0]?.id)}/acknowledge`,
      headers: admin,
    })
    expect(acknowledged.json<Alert>().acknowledged_by).toBe('root')

    // The cluster answers its running list with a server error (its supervisor down behind a proxy): the cluster
    // is the alert; back, it resolves.
    cluster.state.listFails = true
    await app.gateway?.alerting.tick()
    expect(sent(hook.received[1]?.body)).toEqual([
      {
        notice: 'fired',
        kind: 'cluster_down',
        model: null,
        subject: 'cluster',
        summary: 'the cluster: not answering this gateway',
      },
    ])
    cluster.state.listFails = false
    cluster.state.down = false
    cluster.state.failedLaunch = false
    await app.gateway?.alerting.tick()
    expect(sent(hook.received[2]?.body).map(({ notice, kind }) => [notice, kind])).toEqual([
      ['resolved', 'replicas_down'],
      ['resolved', 'launch_failed'],
      ['resolved', 'cluster_down'],
    ])
  })

  it('says why without a key where the cluster signs users in; reads an open cluster with none', async () => {
    const cluster = await xinference3Cluster()
    const { app } = await testGateway(cluster.url, { timeouts: { clusterProbeMs: 1_000 } })
    await app.gateway?.alerting.tick()
    const refused = (await rulesOf(app)).find((rule) => rule.kind === 'replicas_down')
    expect(refused).toMatchObject({
      available: false,
      unavailable_reason:
        "the cluster signs users in and refused this gateway's credential: give it one of the cluster's API keys (--endpoint-api-key)",
    })

    // Xinference 1.8 (the replay of a real one) signs nobody in, and tells no health.
    const old = await startReplayUpstream(`${RECORDED}v1.8.0`)
    afterThisTest(() => old.close())
    const gateway = await testGateway(old.url)
    await gateway.app.gateway?.alerting.tick()
    const rules = (await gateway.app.inject('/api/v1/alerts/rules')).json<{ rules: AlertRule[] }>().rules
    expect(rules.find((rule) => rule.kind === 'replicas_down')).toMatchObject({
      available: false,
      unavailable_reason: "the cluster does not tell its models' health (Xinference before 3)",
    })
    expect(rules.find((rule) => rule.kind === 'launch_failed')).toMatchObject({ available: true })
  })
})
