import type { Alert, AlertRule, AlertRuleInput } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { RECORDED } from './gateway-helper.js'
import { afterThisTest, testApp } from './helper.js'
import { startReplayUpstream } from './support/replay-upstream.js'
import { receiver, verified, webhookChannel } from './support/alert-receiver.js'
import { KEY, xinference3Cluster } from './support/xinference3-cluster.js'

// Alerts over the clusters a platform holds (docs/alerts.md): read with the credential kept for each cluster,
// nobody signed in; a real Xinference-3-like cluster on its own port, and a real receiver.

async function rulesOf(app: FastifyInstance) {
  return (await app.inject('/api/v1/alerts/rules')).json<{ rules: AlertRule[] }>().rules
}

/** The shipped rule of `kind`, told to fire at once. */
async function atOnce(app: FastifyInstance, kind: AlertRuleInput['kind']) {
  const rule = (await rulesOf(app)).find((one) => one.kind === kind)
  const { id, available: _available, unavailable_reason: _reason, ...input } = rule as AlertRule
  const changed = await app.inject({
    method: 'PUT',
    url: `/api/v1/alerts/rules/${String(id)}`,
    payload: { ...input, for_seconds: 0, enabled: true },
  })
  expect(changed.statusCode, changed.body).toBe(200)
}

const sentAlerts = (body: string) =>
  (JSON.parse(body) as { alerts: (Alert & { notice: string })[] }).alerts.map(
    ({ notice, kind, model, model_type, subject, summary }) => ({
      notice,
      kind,
      model,
      model_type,
      subject,
      summary,
    }),
  )

describe('alerts over the clusters a platform holds', { timeout: 30_000 }, () => {
  it("tells a cluster's model down, its failed launch and the cluster not answering, then each resolved", async () => {
    const app = await testApp({ timeouts: { clusterProbeMs: 1_000 } })
    const gpu = await xinference3Cluster()
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/clusters',
      payload: { name: 'gpu', address: gpu.url, credential: { kind: 'api_key', api_key: KEY } },
    })
    expect(added.json(), added.body).toMatchObject({ status: { state: 'up' } })
    const hook = await receiver()
    const channel = await app.inject({
      method: 'POST',
      url: '/api/v1/alerts/channels',
      payload: webhookChannel(hook.url('/hook'), { secret: 's3cret' }),
    })
    expect(channel.statusCode, channel.body).toBe(201)
    for (const kind of ['replicas_down', 'launch_failed', 'cluster_down'] as const) await atOnce(app, kind)

    // One evaluation reads the cluster with its key (nobody is signed in here) and tells both in one message.
    await app.platform.alerting.tick()
    expect(hook.received).toHaveLength(1)
    const fired = hook.received[0]
    expect(fired && verified('s3cret', fired)).toBe(true)
    expect(sentAlerts(fired?.body ?? '{}')).toEqual([
      {
        notice: 'fired',
        kind: 'replicas_down',
        model: 'gpu/tiny-r2',
        model_type: 'LLM',
        subject: null,
        summary: 'model gpu/tiny-r2: 1 replica(s) down (alert at 1)',
      },
      {
        notice: 'fired',
        kind: 'launch_failed',
        model: 'gpu/tiny-uv',
        model_type: null,
        subject: null,
        summary: 'model gpu/tiny-uv: its launch failed (see its reason on Running Models)',
      },
    ])
    // The cluster's key went to the cluster alone: never into a message.
    const reads = gpu.seen.filter((request) =>
      ['/v1/models', '/metrics', '/v1/models/instances'].includes(request.url ?? ''),
    )
    expect(reads.length).toBeGreaterThanOrEqual(3)
    expect(reads.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true)
    expect(
      gpu.seen.every((request) => [undefined, `Bearer ${KEY}`].includes(request.headers.authorization)),
    ).toBe(true)
    expect(fired?.body).not.toContain(KEY)

    // A read that tells less (its metrics, its launches not answering) or nothing (the cluster stuck: the read ends
    // within the cluster timeout) leaves the alerts as they were: nothing resolves for want of a figure.
    gpu.state.metrics = false
    gpu.state.instances = false
    await app.platform.alerting.tick()
    gpu.state.metrics = true
    gpu.state.instances = true
    gpu.state.hanging = true
    await app.platform.alerting.tick()
    gpu.state.hanging = false
    expect(hook.received).toHaveLength(1)
    expect(
      (await app.inject('/api/v1/alerts?state=firing'))
        .json<{ alerts: Alert[] }>()
        .alerts.map((one) => one.model),
    ).toEqual(['gpu/tiny-uv', 'gpu/tiny-r2'])

    // Both clear on the cluster: resolved at the next evaluation.
    gpu.state.down = false
    gpu.state.failedLaunch = false
    await app.platform.alerting.tick()
    expect(sentAlerts(hook.received[1]?.body ?? '{}')).toMatchObject([
      {
        notice: 'resolved',
        model: 'gpu/tiny-r2',
        summary: 'model gpu/tiny-r2: 0 replica(s) down (alert at 1)',
      },
      { notice: 'resolved', model: 'gpu/tiny-uv' },
    ])

    // The cluster stops answering: once the server has found it so, the cluster is the alert (its models' stay
    // as last told), and it resolves when the cluster is back.
    gpu.state.answering = false
    const probed = await app.inject({ method: 'POST', url: '/api/v1/clusters/gpu/test' })
    expect(probed.json()).toMatchObject({ status: { state: 'down' } })
    await app.platform.alerting.tick()
    expect(sentAlerts(hook.received[2]?.body ?? '{}')).toEqual([
      {
        notice: 'fired',
        kind: 'cluster_down',
        model: null,
        model_type: null,
        subject: 'cluster:gpu',
        summary: 'cluster gpu: not answering with the credential kept for it (see System → Clusters)',
      },
    ])
    gpu.state.answering = true
    await app.inject({ method: 'POST', url: '/api/v1/clusters/gpu/test' })
    await app.platform.alerting.tick()
    expect(sentAlerts(hook.received[3]?.body ?? '{}')).toMatchObject([
      { notice: 'resolved', kind: 'cluster_down', summary: 'cluster gpu: answering' },
    ])
    // Away again, then removed from this server: its alert resolves, saying so.
    gpu.state.answering = false
    await app.inject({ method: 'POST', url: '/api/v1/clusters/gpu/test' })
    await app.platform.alerting.tick()
    expect(sentAlerts(hook.received[4]?.body ?? '{}')).toMatchObject([
      { notice: 'fired', kind: 'cluster_down' },
    ])
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/clusters/gpu' })).statusCode).toBe(200)
    await app.platform.alerting.tick()
    expect(sentAlerts(hook.received[5]?.body ?? '{}')).toMatchObject([
      { notice: 'resolved', summary: 'cluster gpu is no longer held by this server (removed or renamed)' },
    ])
    expect(hook.received).toHaveLength(6)
  })

  it("reads a cluster's model's requests through this platform: its errors fire the error-rate rule", async () => {
    const app = await testApp({ timeouts: { clusterProbeMs: 1_000 } })
    const gpu = await xinference3Cluster()
    gpu.state.down = false
    gpu.state.failedLaunch = false
    await app.inject({
      method: 'POST',
      url: '/api/v1/clusters',
      payload: { name: 'gpu', address: gpu.url, credential: { kind: 'api_key', api_key: KEY } },
    })
    await atOnce(app, 'error_rate')
    const chat = () =>
      app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        payload: { model: 'gpu/tiny-r2', messages: [{ role: 'user', content: 'hi' }] },
      })
    // Answered: a quiet rule (0 % of one request failed). Nor are a request the model finds wrong (400) and one it
    // is too busy for (429, a refusal) its errors.
    await app.platform.alerting.tick()
    expect((await chat()).statusCode).toBe(200)
    gpu.state.chat = 'wrong'
    expect((await chat()).statusCode).toBe(400)
    gpu.state.chat = 'busy'
    expect((await chat()).statusCode).toBe(429)
    await app.platform.alerting.tick()
    expect((await app.inject('/api/v1/alerts?state=firing')).json<{ alerts: Alert[] }>().alerts).toEqual([])
    // The cluster's model fails two of three: the shipped rule (errors over 5 %) fires for it, named as clients
    // name it here (the 429 counted among refusals, the 400 nowhere).
    gpu.state.chat = 'fails'
    expect((await chat()).statusCode).toBe(500)
    expect((await chat()).statusCode).toBe(500)
    await app.platform.alerting.tick()
    const firing = (await app.inject('/api/v1/alerts?state=firing')).json<{ alerts: Alert[] }>().alerts
    expect(firing).toMatchObject([
      {
        kind: 'error_rate',
        model: 'gpu/tiny-r2',
        summary: "model gpu/tiny-r2: 66.7 % of the last minute's requests failed (alert above 5 %)",
      },
    ])
    // A model the cluster does not list keeps no figures here, whatever a client sends.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/v1/chat/completions',
          payload: { model: 'gpu/made-up', messages: [{ role: 'user', content: 'hi' }] },
        })
      ).statusCode,
    ).toBe(500)
    await app.platform.alerting.tick()
    expect(
      (await app.inject('/api/v1/alerts?state=firing'))
        .json<{ alerts: Alert[] }>()
        .alerts.map((one) => one.model),
    ).toEqual(['gpu/tiny-r2'])
    // Its rules on requests are evaluated, so none says otherwise.
    expect((await rulesOf(app)).every((rule) => rule.available || rule.kind === 'gpu_memory')).toBe(true)
  })

  it("says a rule on a cluster's model is not evaluated where the cluster does not give its figure", async () => {
    const app = await testApp()
    // A cluster that tells no health: Xinference 1.8 (the replay of a real one).
    const old = await startReplayUpstream(`${RECORDED}v1.8.0`)
    afterThisTest(() => old.close())
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/clusters',
      payload: { name: 'old', address: old.url, credential: { kind: 'none' } },
    })
    expect(added.json()).toMatchObject({ status: { state: 'up' } })
    await app.platform.alerting.tick()
    const rule = (kind: AlertRuleInput['kind'], model: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/alerts/rules',
        payload: {
          name: kind,
          kind,
          model,
          threshold: 1,
          for_seconds: 0,
          severity: 'warning',
          enabled: true,
        },
      })
    expect((await rule('first_token_ms', 'gpu/tiny')).statusCode).toBe(201)
    expect((await rule('replicas_down', 'gpu/tiny')).statusCode).toBe(201)
    expect((await rule('first_token_ms', 'tiny')).statusCode).toBe(201)
    expect((await rule('replicas_down', 'old/tiny')).statusCode).toBe(201)
    expect((await rule('launch_failed', 'old/tiny')).statusCode).toBe(201)
    const rules = await rulesOf(app)
    const of = (kind: string, model: string) => rules.find((one) => one.kind === kind && one.model === model)
    // Its requests through here are timed here.
    expect(of('first_token_ms', 'gpu/tiny')).toMatchObject({ available: true, unavailable_reason: null })
    expect(of('replicas_down', 'gpu/tiny')).toMatchObject({ available: true })
    expect(of('first_token_ms', 'tiny')).toMatchObject({ available: true })
    expect(of('replicas_down', 'old/tiny')).toMatchObject({
      available: false,
      unavailable_reason: "cluster old does not tell its models' health (Xinference before 3)",
    })
    expect(of('launch_failed', 'old/tiny')).toMatchObject({ available: true })
    // Asked under the cluster's own mount, the alerts say whose they are.
    const there = await app.inject('/clusters/old/api/v1/alerts/rules')
    expect(there.statusCode).toBe(404)
    expect(there.json<{ detail: string }>().detail).toBe(
      "Alerts over cluster old are this platform's own, at /api/v1/alerts; Xinference 1.8.0 evaluates none",
    )
  })
})
