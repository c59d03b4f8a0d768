import {
  ClusterInfo,
  EngineMap,
  LaunchList,
  LaunchProgress,
  ModelRegistrationList,
  RunningModelList,
  ServerFeatures,
} from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { gatewayTo, recorded, VERSIONS, type Version } from './gateway-helper.js'

/** The registration JSON of a recorded register call. */
const modelOf = (version: Version, name: string) =>
  JSON.parse((recorded(version, name).request.body as { model: string }).model) as Record<string, unknown>

describe.each(VERSIONS)('the gateway in front of Xinference %s (recorded answers)', (version) => {
  it('finds out what the upstream is, and says so', async () => {
    const { call } = await gatewayTo(version)
    const features = ServerFeatures.parse(await (await call('/api/v1/console/features')).json())
    expect(features).toMatchObject({ mode: 'gateway', model_logs: false, file_info: false, quotas: false })
    expect(features.upstream).toMatchObject({
      kind: 'xinference',
      version: (recorded(version, '022').response.body as { version: string }).version,
    })
    // Limits and usage per user and key are the platform's own: said, not forwarded to a bare 404.
    const usage = await call('/api/v1/usage?since=0')
    expect(usage.status).toBe(404)
    expect(((await usage.json()) as { detail: string }).detail).toMatch(
      /^Limits and usage per user, key and model are Serving Console's own platform's; Xinference \S+ has none/,
    )
    // Alerts are the gateway's own, on what the cluster tells (docs/alerts.md), for its administrators.
    expect(features.alerts).toBe(true)
    const rules = await call('/api/v1/alerts/rules')
    expect(rules.status).toBe(200)
    expect(((await rules.json()) as { rules: unknown[] }).rules.length).toBeGreaterThan(0)
  })

  it('passes the catalogue, engines, cluster and running list through as the upstream sent them', async () => {
    const { call } = await gatewayTo(version)
    const catalogue = await call('/api/v1/model_registrations/LLM?detailed=true')
    expect(catalogue.status).toBe(200)
    const families = ModelRegistrationList.parse(await catalogue.json())
    expect(families).toEqual(recorded(version, '030').response.body)
    expect(EngineMap.parse(await (await call('/api/v1/engines/qwen2.5-instruct')).json())).toEqual(
      recorded(version, '046').response.body,
    )
    const nodes = ClusterInfo.parse(await (await call('/v1/cluster/info?detailed=true')).json())
    expect(nodes.map((node) => node.ip_address)).toEqual(
      (recorded(version, '020').response.body as { ip_address: string }[]).map((node) => node.ip_address),
    )
    expect(RunningModelList.parse(await (await call('/api/v1/models')).json()).data).toEqual([])
  })

  it('gives the cluster’s own /metrics, as its supervisor wrote them', async () => {
    const { call } = await gatewayTo(version)
    const answer = await call('/metrics')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(await answer.text()).toBe(recorded(version, '280').response.body)
  })

  it('translates a SPEC-shaped LLM registration into the version-2 shape every version takes', async () => {
    const { replay, post, call } = await gatewayTo(version)
    const upstreamShape = modelOf(version, '050')
    const specShape = {
      ...upstreamShape,
      version: 1,
      model_specs: (upstreamShape.model_specs as Record<string, unknown>[]).map(
        ({ quantization, ...spec }) => ({
          ...spec,
          quantizations: [quantization],
        }),
      ),
    }
    const answer = await post('/api/v1/model_registrations/LLM', {
      model: JSON.stringify(specShape),
      persist: true,
    })
    expect(answer.status).toBe(200)
    const sent = replay.requests.at(-1)
    expect(sent?.path).toBe('/v1/model_registrations/LLM')
    expect(JSON.parse((sent?.body as { model: string }).model)).toEqual(upstreamShape)

    // Registered → listed → read back → deleted → gone, as the recorded server answered in that order.
    const names = (await (await call('/api/v1/model_registrations/LLM')).json()) as { model_name: string }[]
    expect(names.map((one) => one.model_name)).toContain('my-gguf-llm')
    expect((await call('/api/v1/model_registrations/LLM/my-gguf-llm')).status).toBe(200)
    expect((await call('/api/v1/model_registrations/LLM/my-gguf-llm', { method: 'DELETE' })).status).toBe(200)
    const after = await call('/api/v1/model_registrations/LLM/my-gguf-llm')
    expect(after.status).toBe(400)
    expect(((await after.json()) as { detail: string }).detail).toContain('my-gguf-llm')
  })

  it('sends the flat embedding form as upstream specs, and rerank as each version takes it', async () => {
    const { replay, post } = await gatewayTo(version)
    const embedding = await post('/api/v1/model_registrations/embedding', {
      model: JSON.stringify(recorded(version, '063').request.body && modelOf(version, '063')),
      persist: true,
    })
    expect(embedding.status).toBe(200)
    const { virtualenv: _ignored, ...wanted } = modelOf(version, '064')
    expect(JSON.parse((replay.requests.at(-1)?.body as { model: string }).model)).toEqual(wanted)

    const rerank = await post('/api/v1/model_registrations/rerank', {
      model: JSON.stringify(modelOf(version, '068')),
      persist: true,
    })
    expect(rerank.status).toBe(200)
    const sent = JSON.parse((replay.requests.at(-1)?.body as { model: string }).model) as Record<
      string,
      unknown
    >
    if (version === 'v1.8.0') expect(sent).toEqual(modelOf(version, '068'))
    else expect(sent).toMatchObject({ version: 2, model_specs: modelOf(version, '069').model_specs })
  })

  it('gives progress a stage and files on every version, replicas a list, and says logs are not kept', async () => {
    const { call } = await gatewayTo(version)
    const progress = LaunchProgress.parse(await (await call('/api/v1/models/nope/progress')).json())
    expect(progress).toMatchObject({ progress: 0, stage: 'pending', download_files: [] })
    const replicas = await call('/api/v1/models/nope/replicas')
    expect(replicas.status).toBe(200)
    expect(await replicas.json()).toEqual([])
    const logs = await call('/api/v1/models/nope/logs?tail=10')
    expect(logs.status).toBe(404)
    expect(((await logs.json()) as { detail: string }).detail).toMatch(/keeps no per-model logs/)
  })

  it("passes upstream's errors through as they are: JSON details, plain-text 500s, 422 lists", async () => {
    const { post, call } = await gatewayTo(version)
    const chat = await post('/v1/chat/completions', recorded(version, '104').request.body)
    expect(chat.status).toBe(recorded(version, '104').response.status)
    expect(await chat.json()).toEqual(recorded(version, '104').response.body)
    const empty = await post('/v1/model_registrations/LLM', recorded(version, '055').request.body)
    expect(empty.status).toBe(500)
    expect(empty.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await empty.text()).toBe(recorded(version, '055').response.body)
    const invalid = await call('/api/v1/model_registrations/LLM?detailed=notabool')
    expect(invalid.status).toBe(422)
    expect(Array.isArray(((await invalid.json()) as { detail: unknown }).detail)).toBe(true)
  })

  it('shows every node of a two-node cluster', async () => {
    const { call } = await gatewayTo(version, { prefer: [[200, 299]] })
    const nodes = ClusterInfo.parse(await (await call('/v1/cluster/info?detailed=true')).json())
    expect(nodes.map((node) => node.node_type)).toEqual(['Supervisor', 'Worker'])
    expect(nodes).toEqual(recorded(version, '201').response.body)
  })
})

describe.each(['v1.8.0', 'v3.2.1'] as const)('a launch through the gateway to Xinference %s', (version) => {
  it('lists launches from upstream instances, streams a chat chunk by chunk, and terminates', async () => {
    const { replay, post, call } = await gatewayTo(version)
    await post('/api/v1/model_registrations/LLM', recorded(version, '110').request.body)
    const launched = await post('/api/v1/models', recorded(version, '112').request.body)
    expect(await launched.json()).toEqual({ model_uid: 'tiny' })

    const running = RunningModelList.parse(await (await call('/api/v1/models')).json())
    expect(running.data.map((model) => model.id)).toEqual(['tiny'])
    // The failed launch of 092 is still an ERROR instance upstream: the launches panel shows it, with v3's reason.
    const launches = LaunchList.parse(await (await call('/api/v1/models/launches')).json())
    expect(launches).toEqual([expect.objectContaining({ model_uid: 'qwen2.5-instruct', stage: 'failed' })])
    expect(launches[0]?.error).toMatch(
      version === 'v3.2.1' ? /No such file or directory: 'uv'/ : /does not keep/,
    )

    // SSE: each event reaches the client as the upstream wrote it, before the stream ends.
    const stream = await post('/v1/chat/completions', recorded(version, '129').request.body)
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/)
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    const reads: string[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      reads.push(new TextDecoder().decode(value))
    }
    const events = reads.join('').split('\r\n\r\n').filter(Boolean)
    expect(events).toHaveLength((recorded(version, '129').response.sse ?? []).length)
    expect(reads.length).toBeGreaterThan(1)
    expect(events.at(-1)).toBe('data: [DONE]')

    expect((await call('/api/v1/models/tiny', { method: 'DELETE' })).status).toBe(200)
    expect(RunningModelList.parse(await (await call('/api/v1/models')).json()).data).toEqual([])
    expect(replay.requests.some((request) => request.path === '/v1/models/tiny')).toBe(true)
  })
})
