import Anthropic from '@anthropic-ai/sdk'
import { describe, expect, it } from 'vitest'
import { gatewayTo } from './gateway-helper.js'
import { testApp, testGateway } from './helper.js'

const HELLO = {
  model: 'tiny-chat',
  messages: [{ role: 'user' as const, content: 'Hello' }],
  temperature: 0,
  max_tokens: 12,
}

describe("Anthropic's Messages API through the gateway", () => {
  it('passes through to a platform behind it, whole and streamed', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    const gateway = await testGateway(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    )
    const launched = await fetch(`${gateway.url}/api/v1/models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'tiny-chat', model_type: 'LLM' }),
    })
    expect(launched.status).toBe(200)
    const client = new Anthropic({ baseURL: gateway.url, apiKey: 'not-needed', maxRetries: 0 })
    const whole = await client.messages.create(HELLO)
    expect(whole.content).toEqual([{ type: 'text', text: 'their good selfkr set it airm07 came' }])
    const deltas: string[] = []
    for await (const event of client.messages.stream(HELLO)) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
        deltas.push(event.delta.text)
    }
    expect(deltas.join('')).toBe('their good selfkr set it airm07 came')
    expect(deltas.length).toBeGreaterThan(1)
    // SPEC's path goes the same way.
    const spec = await fetch(`${gateway.url}/api/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(HELLO),
    })
    expect(await spec.json()).toMatchObject({ type: 'message', stop_reason: whole.stop_reason })
  })

  it.each(['v2.12.0', 'v3.2.1'] as const)(
    "is forwarded to where Xinference %s serves it, the x-api-key as the cluster's bearer",
    async (version) => {
      const { replay, url } = await gatewayTo(version)
      for (const path of ['/v1/messages', '/api/v1/messages']) {
        const answer = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'xf-the-key' },
          body: JSON.stringify(HELLO),
        })
        // The recordings hold no Messages call: the replay answers upstream's 404, relayed as it is.
        expect(answer.status).toBe(404)
        await answer.text()
      }
      const forwarded = replay.requests.filter((request) => request.path.includes('messages'))
      expect(forwarded.map((request) => [request.method, request.path])).toEqual([
        ['POST', '/anthropic/v1/messages'],
        ['POST', '/anthropic/v1/messages'],
      ])
      expect(forwarded[0]?.body).toEqual(HELLO)
      expect(forwarded[0]?.headers.authorization).toBe('Bearer xf-the-key')
    },
  )

  it('is refused in Anthropic’s shape by Xinference 1.8, which has no Messages API', async () => {
    const { replay, url } = await gatewayTo('v1.8.0')
    const client = new Anthropic({ baseURL: url, apiKey: 'not-needed', maxRetries: 0 })
    const refused = await client.messages.create(HELLO).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Anthropic.NotFoundError)
    expect((refused as InstanceType<typeof Anthropic.APIError>).error).toEqual({
      type: 'error',
      error: {
        type: 'not_found_error',
        message:
          "Xinference 1.8.0 does not serve Anthropic's Messages API (it came in 1.10); use /v1/chat/completions",
      },
    })
    expect(replay.requests.filter((request) => request.path.includes('messages'))).toEqual([])
  })
})
