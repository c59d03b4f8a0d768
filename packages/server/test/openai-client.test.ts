import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { testApp, testGateway } from './helper.js'

/** One short greeting to the tiny chat model, answered the same every time at temperature 0. */
const HELLO = {
  model: 'tiny-chat',
  messages: [{ role: 'user' as const, content: 'Hello' }],
  temperature: 0,
  max_completion_tokens: 12,
}

describe('the official openai client', () => {
  it('chats (whole and streamed) and embeds against the platform', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      payload: { model_name: 'tiny-chat', model_type: 'LLM' },
    })
    await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      payload: { model_name: 'tiny-embedding', model_type: 'embedding' },
    })

    const client = new OpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'not-needed' })
    const whole = await client.chat.completions.create(HELLO)
    expect(whole.choices[0]?.message.content).toBe('their good selfkr set it airm07 came')

    const stream = await client.chat.completions.create({ ...HELLO, stream: true })
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toBe('their good selfkr set it airm07 came')

    const embeddings = await client.embeddings.create({ model: 'tiny-embedding', input: ['one', 'two'] })
    expect(embeddings.data.map((item) => item.embedding.length)).toEqual([64, 64])

    const models = await client.models.list()
    expect(models.data.map((model) => model.id).sort()).toEqual(['tiny-chat', 'tiny-embedding'])
  })

  it('streams a chat through the gateway in front of the platform', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const gateway = await testGateway(`http://127.0.0.1:${port}`)
    const client = new OpenAI({ baseURL: `${gateway.url}/v1`, apiKey: 'not-needed' })
    // The launch itself goes through the gateway too, as SPEC's route.
    const launched = await fetch(`${gateway.url}/api/v1/models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'tiny-chat', model_type: 'LLM' }),
    })
    expect(launched.status).toBe(200)
    const stream = await client.chat.completions.create({ ...HELLO, stream: true })
    const chunks: string[] = []
    for await (const chunk of stream) chunks.push(chunk.choices[0]?.delta.content ?? '')
    expect(chunks.join('')).toBe('their good selfkr set it airm07 came')
    expect(chunks.filter(Boolean).length).toBeGreaterThan(1)
  })
})
