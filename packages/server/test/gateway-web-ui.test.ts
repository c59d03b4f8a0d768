import { describe, expect, it } from 'vitest'
import { gatewayTo, recorded } from './gateway-helper.js'
import { testGateway } from './helper.js'
import { httpUpstream } from './upstreams.js'

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
