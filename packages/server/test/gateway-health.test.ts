import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { RunningModelList, ServerFeatures } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { clusterHealth } from '../src/gateway/cluster-health.js'
import { loadExchanges } from './support/replay-upstream.js'
import { testGateway } from './helper.js'
import { httpUpstream } from './upstreams.js'

const RECORDED = fileURLToPath(new URL('../../../fixtures/xinference-recorded/', import.meta.url))
const recorded = (version: string, name: string) => {
  const exchange = loadExchanges(`${RECORDED}${version}`).find((one) => one.name.startsWith(name))
  if (!exchange) throw new Error(`${version} has no ${name}`)
  return exchange.response.body
}

/** v3.2.1's supervisor metrics as recorded: `tiny` READY, `tiny-uv` ERROR, `tiny2` CREATING. */
const V3_METRICS = recorded('v3.2.1', '280') as string
/** One replica of two down after a worker failure, as v3 reports it. */
const DEGRADED = [
  'xinference:model_info{model_name="tiny-llama-test",model_type="LLM",model_uid="tiny-r2",replica_on_worker="1",replica_total="2",worker_address="127.0.0.1:1"} 1',
  'xinference:model_status{model_name="tiny-llama-test",model_uid="tiny-r2",status="READY"} 1',
  'xinference:model_unexpected_termination{model_name="tiny-llama-test",model_uid="tiny-r2",replica_index="1"} 1',
].join('\n')

/** A v3-like upstream: its version, a running list and its metrics (or a refusal of them). */
async function v3Upstream(list: unknown, metrics: { status: number; body: string }, version = '3.2.1') {
  return httpUpstream((request, response) => {
    // As a real server does, every request's body is read before it is answered: an unread body would keep the
    // gateway's connection busy, and its close waiting.
    request.resume()
    request.on('end', () => answer(request, response))
  })
  function answer(request: IncomingMessage, response: ServerResponse) {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (request.url === '/v1/cluster/version') return json(200, { version })
    if (request.url === '/v1/models' && request.method === 'GET') return json(200, list)
    if (request.url === '/v1/models' && request.method === 'POST') return json(200, { model_uid: 'x' })
    if (request.url === '/metrics') {
      return response
        .writeHead(metrics.status, { 'content-type': 'text/plain; version=0.0.4' })
        .end(metrics.body)
    }
    return json(404, { detail: 'Not Found' })
  }
}

describe('health of a cluster’s models (Xinference v3’s metrics)', () => {
  it('reads ready, degraded and failed from the supervisor’s metrics', () => {
    const health = clusterHealth(`${V3_METRICS}\n${DEGRADED}`)
    expect(health.get('tiny')).toEqual({ state: 'ready', ready_replicas: 1, replicas: 1, reason: null })
    expect(health.get('tiny-uv')).toEqual({
      state: 'failed',
      ready_replicas: 0,
      replicas: 1,
      reason: 'The cluster reports status ERROR for this model',
    })
    expect(health.get('tiny-r2')).toEqual({
      state: 'degraded',
      ready_replicas: 1,
      replicas: 2,
      reason: "1 replica(s) down after a worker failure (the cluster's model_unexpected_termination)",
    })
    // Still being created: no health yet (it is listed with the launches, not the running models).
    expect(health.has('tiny2')).toBe(false)
  })

  it('gives a v3 cluster’s rows their health, and says the console may show it', async () => {
    const list = recorded('v3.2.1', '136') as { data: { id: string }[] }
    const upstream = await v3Upstream(list, { status: 200, body: `${V3_METRICS}\n${DEGRADED}` })
    const { url } = await testGateway(upstream.url)
    const features = ServerFeatures.parse(await (await fetch(`${url}/api/v1/console/features`)).json())
    expect(features).toMatchObject({ model_health: true, model_restart: false, model_fit: false })
    const answer = await fetch(`${url}/api/v1/models`)
    expect(answer.status).toBe(200)
    const rows = RunningModelList.parse(await answer.json()).data
    expect(rows.map((row) => row.id)).toEqual(list.data.map((row) => row.id))
    expect(rows.find((row) => row.id === 'tiny-r2')?.health).toMatchObject({
      state: 'degraded',
      ready_replicas: 1,
    })
    // A launch still passes through to the cluster.
    const launched = await fetch(`${url}/api/v1/models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'tiny', model_type: 'LLM' }),
    })
    expect(launched.status).toBe(200)
    // Read, as a client does: an answer left unread keeps its connection busy, and the gateway's close waiting.
    await launched.text()
    expect(upstream.seen.map((request) => `${String(request.method)} ${String(request.url)}`)).toContain(
      'POST /v1/models',
    )
  })

  it('leaves the rows as they are when the metrics are refused', async () => {
    const list = recorded('v3.2.1', '136')
    const upstream = await v3Upstream(list, { status: 403, body: 'Forbidden' })
    const { url } = await testGateway(upstream.url)
    expect(await (await fetch(`${url}/api/v1/models`)).json()).toEqual(list)
  })

  it('does not ask a v1 or v2 cluster, whose metrics say nothing of health', async () => {
    const list = recorded('v2.12.0', '090')
    const upstream = await v3Upstream(list, { status: 200, body: V3_METRICS }, '2.12.0')
    const { url } = await testGateway(upstream.url)
    const features = ServerFeatures.parse(await (await fetch(`${url}/api/v1/console/features`)).json())
    expect(features.model_health).toBe(false)
    expect(await (await fetch(`${url}/api/v1/models`)).json()).toEqual(list)
    expect(upstream.seen.map((request) => request.url)).not.toContain('/metrics')
  })
})
