import { describe, expect, it } from 'vitest'
import { UPSTREAM_CSP } from '../src/gateway/forward.js'
import { testGateway } from './helper.js'
import { httpUpstream } from './upstreams.js'

describe('the gateway under a hostile or silent upstream', () => {
  it('answers 504 when the cluster sends no answer in time, and frees the connection', async () => {
    const upstream = await httpUpstream(() => undefined)
    const { url } = await testGateway(upstream.url, { timeouts: { upstreamAnswerMs: 300 } })
    const answer = await fetch(`${url}/v1/models`)
    expect(answer.status).toBe(504)
    expect(((await answer.json()) as { detail: string }).detail).toBe(
      `The Xinference cluster at ${upstream.url} did not answer /v1/models in time`,
    )
  })

  it('closes its upstream request when the client goes away', async () => {
    let closed = false
    const upstream = await httpUpstream((request) => request.socket.on('close', () => (closed = true)))
    const { url } = await testGateway(upstream.url)
    const abort = new AbortController()
    const pending = fetch(`${url}/v1/models`, { signal: abort.signal }).catch(() => null)
    await expect.poll(() => upstream.seen.length).toBe(1)
    abort.abort()
    await pending
    await expect.poll(() => closed).toBe(true)
  })
})

/** An Xinference 2.12 stand-in whose `/v1/models/instances` and progress answer with `answer`. */
async function clusterAnswering(
  answer: (response: import('node:http').ServerResponse, path: string) => void,
) {
  return httpUpstream((request, response) => {
    const path = new URL(request.url ?? '/', 'http://upstream').pathname
    if (path === '/v1/cluster/version') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"version":"2.12.0"}')
    } else answer(response, path)
  })
}

describe('adapted routes take only JSON from the cluster, and only so much', () => {
  it('answers 502 naming what came when a 200 is not JSON', async () => {
    const upstream = await clusterAnswering((response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>'),
    )
    const { url } = await testGateway(upstream.url)
    const launches = await fetch(`${url}/api/v1/models/launches`)
    expect(launches.status).toBe(502)
    expect(((await launches.json()) as { detail: string }).detail).toBe(
      `The Xinference cluster at ${upstream.url} answered text/html where JSON was expected, from /v1/models/instances`,
    )
  })

  it('turns a plain-text error into {detail}, keeping its status', async () => {
    const upstream = await clusterAnswering((response) =>
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error: boom'),
    )
    const { url } = await testGateway(upstream.url)
    const progress = await fetch(`${url}/api/v1/models/x/progress`)
    expect(progress.status).toBe(500)
    expect(await progress.json()).toEqual({ detail: 'Internal Server Error: boom' })
  })

  it('answers 502, not 500, for JSON nested too deep to write out again', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const upstream = await clusterAnswering((response, path) =>
      path === '/v1/models/instances'
        ? response.writeHead(200, { 'content-type': 'application/json' }).end(deep)
        : response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}'),
    )
    const { url } = await testGateway(upstream.url)
    const launches = await fetch(`${url}/api/v1/models/launches`)
    expect(launches.status).toBe(502)
    expect(((await launches.json()) as { detail: string }).detail).toMatch(/nested deeper than 64 levels/)
  })

  it('stops reading an answer past its bound, without holding it whole', async () => {
    let written = 0
    let finished = false
    const upstream = await clusterAnswering((response, path) => {
      if (!path.endsWith('/progress')) return void response.writeHead(404).end()
      response.writeHead(200, { 'content-type': 'application/json' })
      // 60 MiB, as fast as the gateway takes it; a gateway that reads it all lets it finish.
      const chunk = Buffer.alloc(1024 * 1024, 0x20)
      const more = () => {
        while (written < 60 && response.write(chunk)) written++
        if (written >= 60) response.end(() => (finished = true))
      }
      response.on('drain', () => {
        written++
        more()
      })
      more()
    })
    const { url } = await testGateway(upstream.url)
    const progress = await fetch(`${url}/api/v1/models/x/progress`)
    expect(progress.status).toBe(502)
    expect(((await progress.json()) as { detail: string }).detail).toMatch(
      /answered more than 64 KiB to \/v1\/models\/x\/progress$/,
    )
    expect(finished).toBe(false)
    expect(written).toBeLessThan(60)
  })
})

describe("forwarded answers to the console's JSON routes are JSON, or a 502 saying what came", () => {
  const page = '<!doctype html><title>Sign in</title>'

  it('answers 502 naming what came when the registrations list is an HTML page, at /v1 and /api/v1', async () => {
    // A proxy in front of the cluster, or a web UI at its address, answering the API with a page.
    const upstream = await httpUpstream((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=600' })
        .end(page),
    )
    const { url } = await testGateway(upstream.url)
    for (const [path, asked] of [
      ['/v1/model_registrations/LLM', '/v1/model_registrations/LLM'],
      ['/api/v1/model_registrations/LLM?detailed=true', '/v1/model_registrations/LLM'],
      ['/api/v1/model_registrations/embedding', '/v1/model_registrations/embedding'],
    ] as const) {
      const answer = await fetch(`${url}${path}`)
      expect(answer.status, path).toBe(502)
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/)
      // Nothing the cluster said of its page describes this answer: a browser must not keep it.
      expect(answer.headers.get('cache-control'), path).toBeNull()
      expect(await answer.json(), path).toEqual({
        detail: `The Xinference cluster at ${upstream.url} answered text/html where JSON was expected, from ${asked}`,
      })
    }
    expect(upstream.seen).toHaveLength(3)
  })

  it('holds every JSON route to it, and passes JSON, plain-text errors, empty answers and other routes on', async () => {
    const upstream = await httpUpstream((request, response) => {
      const path = new URL(request.url ?? '/', 'http://upstream').pathname
      const json = { 'content-type': 'application/json' }
      if (path === '/v1/cluster/info') response.writeHead(200, json).end('[]')
      else if (path === '/v1/engines/qwen') response.writeHead(404, { 'content-type': 'text/html' }).end(page)
      else if (path === '/v1/models/prompts') response.writeHead(200).end('{}')
      else if (path === '/v1/cache/models')
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error: boom')
      else if (path === '/v1/models/gone') response.writeHead(200, { 'content-length': '0' }).end()
      else if (path === '/metrics') response.writeHead(200, { 'content-type': 'text/plain' }).end('up 1\n')
      else response.writeHead(200, { 'content-type': 'text/html' }).end(page)
    })
    const { url } = await testGateway(upstream.url)
    const detail = async (answer: Response) => ((await answer.json()) as { detail: string }).detail
    expect(await (await fetch(`${url}/v1/cluster/info?detailed=true`)).json()).toEqual([])
    const missing = await fetch(`${url}/api/v1/engines/qwen`)
    expect(missing.status).toBe(502)
    expect(await detail(missing)).toMatch(
      /answered text\/html where JSON was expected, from \/v1\/engines\/qwen$/,
    )
    const untyped = await fetch(`${url}/api/v1/models/prompts`)
    expect(untyped.status).toBe(502)
    expect(await detail(untyped)).toMatch(/answered an answer without a content type where JSON was expected/)
    const failed = await fetch(`${url}/api/v1/cache/models?model_version=x`, { method: 'DELETE' })
    expect(failed.status).toBe(500)
    expect(await failed.text()).toBe('Internal Server Error: boom')
    const gone = await fetch(`${url}/api/v1/models/gone`, { method: 'DELETE' })
    expect(gone.status).toBe(200)
    expect(await gone.text()).toBe('')
    // Not the console's JSON routes: a model's web UI, the cluster's metrics.
    const ui = await fetch(`${url}/tiny/`)
    expect(ui.status).toBe(200)
    expect(ui.headers.get('content-security-policy')).toBe(UPSTREAM_CSP)
    expect(await ui.text()).toBe(page)
    expect(await (await fetch(`${url}/metrics`)).text()).toBe('up 1\n')
  })
})
