import { get as httpGet, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import {
  ClusterInfo,
  EngineMap,
  LaunchList,
  LaunchProgress,
  ModelRegistrationList,
  RunningModelList,
  ServerFeatures,
  TokenResponse,
} from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { loadExchanges, startReplayUpstream, type ReplayOptions } from './support/replay-upstream.js'
import { afterThisTest, testApp, testGateway } from './helper.js'
import { httpUpstream } from './upstreams.js'

const RECORDED = fileURLToPath(new URL('../../../fixtures/xinference-recorded/', import.meta.url))
const VERSIONS = ['v1.8.0', 'v2.12.0', 'v3.2.1'] as const
type Version = (typeof VERSIONS)[number]

const recorded = (version: Version, name: string) => {
  const exchange = loadExchanges(`${RECORDED}${version}`).find((one) => one.name.startsWith(name))
  if (!exchange) throw new Error(`${version} has no ${name}`)
  return exchange
}

/** The access token v3 handed out at sign-in (008). */
const v3Token = () => (recorded('v3.2.1', '008').response.body as { access_token: string }).access_token

/** The replay of one version's recordings behind a real gateway; v3's calls carry its token, as recorded. */
async function gatewayTo(version: Version, options: ReplayOptions = {}) {
  const replay = await startReplayUpstream(`${RECORDED}${version}`, options)
  afterThisTest(() => replay.close())
  const { url } = await testGateway(replay.url)
  const headers: Record<string, string> = version === 'v3.2.1' ? { authorization: `Bearer ${v3Token()}` } : {}
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } })
  const post = (path: string, body: unknown, method = 'POST') =>
    call(path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
  return { replay, url, call, post }
}

/** The registration JSON of a recorded register call. */
const modelOf = (version: Version, name: string) =>
  JSON.parse((recorded(version, name).request.body as { model: string }).model) as Record<string, unknown>

describe.each(VERSIONS)('the gateway in front of Xinference %s (recorded answers)', (version) => {
  it('finds out what the upstream is, and says so', async () => {
    const { call } = await gatewayTo(version)
    const features = ServerFeatures.parse(await (await call('/api/v1/console/features')).json())
    expect(features).toMatchObject({ mode: 'gateway', model_logs: false, file_info: false })
    expect(features.upstream).toMatchObject({
      kind: 'xinference',
      version: (recorded(version, '022').response.body as { version: string }).version,
    })
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

describe('Launch Web UI through the gateway', () => {
  it.each(['v1.8.0', 'v3.2.1'] as const)(
    "serves its own chat page for a language model on Xinference %s (Gradio's or none upstream)",
    async (version) => {
      const { call, post, replay } = await gatewayTo(version)
      await post('/api/v1/model_registrations/LLM', recorded(version, '110').request.body)
      await post('/api/v1/models', recorded(version, '112').request.body)
      // A running language model has its page before Launch Web UI too (a bookmark, a relaunch): the gateway's own,
      // not a sandboxed upstream one.
      const before = await call('/tiny')
      expect(before.status).toBe(200)
      expect(before.headers.get('content-security-policy')).not.toContain('sandbox')
      expect(await before.text()).toContain('data-model="tiny"')
      const created = await post('/api/v1/ui/tiny', { model_type: 'LLM', model_name: 'tiny-llama-test' })
      expect(await created.json()).toEqual({ model_uid: 'tiny' })
      expect((await call('/tiny', { method: 'HEAD' })).status).toBe(200)
      const page = await call('/tiny')
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('data-model="tiny"')
      // Terminated through the gateway, the model takes its page with it: the next visit asks the cluster again
      // (a real one answers 404 then; the replay's story is over and repeats its first answer).
      const asked = () => replay.requests.filter((request) => request.path === '/v1/models/tiny').length
      expect((await call('/api/v1/models/tiny', { method: 'DELETE' })).status).toBe(200)
      const seen = asked()
      await call('/tiny', { method: 'HEAD' })
      expect(asked()).toBe(seen + 1)
    },
  )

  it("builds an image model's Gradio app on 2.x and says where it runs; says why there is none on 3.x", async () => {
    const upstream = await httpUpstream((request, response) => {
      const found: Record<string, unknown> = {
        '/v1/cluster/version': { version: '2.12.0' },
        '/v1/ui/images/sd': { model_uid: 'sd' },
      }
      const body = found[request.url ?? '']
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body ?? { detail: 'Not Found' }))
    })
    const { url } = await testGateway(upstream.url)
    const created = await fetch(`${url}/api/v1/ui/images/sd`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model_type: 'image', model_id: 'sd', model_name: 'sd-turbo' }),
    })
    expect(await created.json()).toEqual({ model_uid: 'sd' })
    expect(upstream.seen.map((request) => request.url)).toContain('/v1/ui/images/sd')
    const page = await fetch(`${url}/sd`)
    expect(await page.text()).toContain(`<a href="${upstream.url}/sd/"`)

    const { post } = await gatewayTo('v3.2.1')
    const none = await post('/api/v1/ui/images/sd', {
      model_type: 'image',
      model_id: 'sd',
      model_name: 'sd-turbo',
    })
    expect(none.status).toBe(404)
    expect(((await none.json()) as { detail: string }).detail).toMatch(/has no web UI for image models/)
  })
})

describe('v3 sign-in through the gateway', () => {
  it('says a first admin is needed, refuses without a token, and signs in with a refresh token', async () => {
    const replay = await startReplayUpstream(`${RECORDED}v3.2.1`)
    afterThisTest(() => replay.close())
    const { url } = await testGateway(replay.url)
    expect(await (await fetch(`${url}/api/v1/admin/setup/status`)).json()).toMatchObject({
      needs_setup: true,
    })
    const refused = await fetch(`${url}/v1/cluster/info?detailed=true`)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer scope="admin"')
    const wrong = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(recorded('v3.2.1', '007').request.body),
    })
    expect(wrong.status).toBe(401)
    const token = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(recorded('v3.2.1', '008').request.body),
    })
    const signedIn = TokenResponse.parse(await token.json())
    expect(signedIn.token_type).toBe('bearer')
    expect(signedIn.refresh_token).toMatch(/^[\w-]{40,}$/)

    const features = ServerFeatures.parse(await (await fetch(`${url}/api/v1/console/features`)).json())
    expect(features.upstream?.kind).toBe('xinference')
    expect(features.upstream?.version).toMatch(/^3\./)
  })

  it("passes an expired token's 401 back and renews it through /v1/auth/refresh", async () => {
    const replay = await startReplayUpstream(`${RECORDED}v3.2.1`)
    afterThisTest(() => replay.close())
    const { url } = await testGateway(replay.url)
    const clusterInfo = (token: string) =>
      fetch(`${url}/v1/cluster/info?detailed=true`, { headers: { authorization: `Bearer ${token}` } })
    const expired = await clusterInfo('an.expired.token')
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ detail: 'Could not validate credentials' })

    const refresh = (refresh_token: string) =>
      fetch(`${url}/v1/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token }),
      })
    const { refresh_token } = recorded('v3.2.1', '008').response.body as { refresh_token: string }
    const renewed = TokenResponse.parse(await (await refresh(refresh_token)).json())
    expect(renewed.refresh_token).not.toBe(refresh_token)
    expect((await clusterInfo(renewed.access_token)).status).toBe(200)

    const garbage = await refresh('garbage-refresh-token')
    expect(garbage.status).toBe(401)
    expect(await garbage.json()).toEqual({ detail: 'Invalid or expired refresh token' })
  })
})

/** A GET with exactly the given Accept-Encoding (fetch would set its own and decompress). */
function getRaw(url: string, acceptEncoding?: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }
    httpGet(url, { headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}

describe('the gateway compresses what upstream sends plain', () => {
  it('sends large JSON as brotli or gzip where the browser takes it, small answers as they are', async () => {
    const { url } = await gatewayTo('v2.12.0')
    const catalogue = `${url}/api/v1/model_registrations/LLM?detailed=true`
    const families = recorded('v2.12.0', '030').response.body
    const br = await getRaw(catalogue, 'gzip, deflate, br, zstd')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(families)
    expect(br.body.length).toBeLessThan(JSON.stringify(families).length / 10)
    const gzip = await getRaw(catalogue, 'gzip, deflate')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(families)
    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await getRaw(catalogue, refused)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(plain.body.toString())).toEqual(families)
    }
    const small = await getRaw(`${url}/api/v1/cluster/devices`, 'gzip, br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString())).toEqual(recorded('v2.12.0', '023').response.body)
  })
})

describe('the gateway under faults', () => {
  it('answers 502 naming the upstream when it is down, and recovers by itself when it is back', async () => {
    const replay = await startReplayUpstream(`${RECORDED}v2.12.0`)
    const port = Number(new URL(replay.url).port)
    await replay.close()
    const { url } = await testGateway(`http://127.0.0.1:${port}`)
    const down = await fetch(`${url}/api/v1/models`)
    expect(down.status).toBe(502)
    expect(((await down.json()) as { detail: string }).detail).toBe(
      `Cannot reach the Xinference cluster at http://127.0.0.1:${port}: ECONNREFUSED`,
    )
    const back = await startReplayUpstream(`${RECORDED}v2.12.0`, {}, port)
    afterThisTest(() => back.close())
    expect((await fetch(`${url}/api/v1/models`)).status).toBe(200)
    expect(
      ServerFeatures.parse(await (await fetch(`${url}/api/v1/console/features`)).json()).upstream?.version,
    ).toBe('2.12.0')
  })

  it('passes a plain-text answer through and reports a hang-up as 502', async () => {
    const { replay, call } = await gatewayTo('v2.12.0')
    replay.fault = 'plain-text'
    const text = await call('/api/v1/models')
    expect(text.status).toBe(500)
    expect(await text.text()).toBe('Internal Server Error: replayed fault')
    replay.fault = 'hang-up'
    const gone = await call('/api/v1/models')
    expect(gone.status).toBe(502)
    expect(((await gone.json()) as { detail: string }).detail).toMatch(
      /^Cannot reach the Xinference cluster at/,
    )
    replay.fault = 'plain-text'
    const adapted = await call('/api/v1/models/launches')
    expect(adapted.status).toBe(500)
  })

  it('keeps a slow launch open (no proxy timeout) while progress answers', async () => {
    const { post, call } = await gatewayTo('v1.8.0', { launchDelayMs: 1500 })
    await post('/api/v1/model_registrations/LLM', recorded('v1.8.0', '110').request.body)
    const launch = post('/api/v1/models', recorded('v1.8.0', '112').request.body)
    const progress = LaunchProgress.parse(await (await call('/api/v1/models/tiny/progress')).json())
    expect(progress.stage).toBeTypeOf('string')
    expect((await launch).status).toBe(200)
  })
})

/** The status line of a request written by hand: fetch would not send an odd target or another Host. */
function rawStatus(url: string, requestLine: string, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
      socket.write(`${requestLine} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
    })
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''))
  })
}

describe('the gateway is no open proxy', () => {
  it('refuses other hosts, cross-site writes and absolute or double-slash targets', async () => {
    const { replay, url } = await gatewayTo('v1.8.0')
    expect(await rawStatus(url, 'GET /api/v1/models', 'evil.example')).toMatch(/^HTTP\/1\.1 403/)
    const crossSite = await fetch(`${url}/api/v1/models/x`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    })
    expect(crossSite.status).toBe(403)
    const before = replay.requests.length
    for (const target of ['http://evil.example/v1/models', '//evil.example/v1/models', '/\\evil.example/x']) {
      expect(await rawStatus(url, `GET ${target}`)).toMatch(/^HTTP\/1\.1 4\d\d/)
    }
    expect(replay.requests.length).toBe(before)
  })

  it('refuses a forwarded body over the limit without sending it on', async () => {
    const { replay, url } = await gatewayTo('v1.8.0')
    const answer = await fetch(`${url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(200 * 1024 ** 2) },
      body: 'x',
    }).catch(() => null)
    if (answer) expect(answer.status).toBe(413)
    expect(replay.requests.some((request) => request.path === '/v1/audio/transcriptions')).toBe(false)
  })
})

describe('the gateway in front of our own platform', () => {
  it('passes SPEC routes through and reports the platform', async () => {
    const platform = await testApp()
    await platform.listen({ host: '127.0.0.1', port: 0 })
    const address = platform.server.address()
    const { url } = await testGateway(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    )
    const features = ServerFeatures.parse(await (await fetch(`${url}/api/v1/console/features`)).json())
    expect(features).toMatchObject({ mode: 'gateway', model_logs: true, file_info: true })
    expect(features.upstream?.kind).toBe('serving-console')
    expect(await (await fetch(`${url}/api/v1/models/launches`)).json()).toEqual([])
    const catalogue = ModelRegistrationList.parse(
      await (await fetch(`${url}/api/v1/model_registrations/LLM?detailed=true`)).json(),
    )
    expect(catalogue.map((family) => family.model_name)).toContain('tiny-chat')
  })

  it('forwards a DELETE typed as JSON with no body, which the platform serves as one without', async () => {
    const platform = await testApp()
    await platform.listen({ host: '127.0.0.1', port: 0 })
    const address = platform.server.address()
    const { url } = await testGateway(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    )
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const answer = await fetch(`${url}/api/v1/cache/models?model_version=nothing`, {
        method: 'DELETE',
        headers,
      })
      expect(answer.status, JSON.stringify(headers)).toBe(404)
      expect(await answer.json()).toEqual({ detail: 'No cached model version nothing' })
    }
  })
})
