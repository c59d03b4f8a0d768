import Anthropic from '@anthropic-ai/sdk'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { postChat, testApp } from './helper.js'
import { as, makeKey, storeApp } from './store-helper.js'

/** The greeting of openai-client.test.ts, as a Messages request: the same generation, so the same text. */
const HELLO = {
  model: 'tiny-chat',
  messages: [{ role: 'user' as const, content: 'Hello' }],
  temperature: 0,
  max_tokens: 12,
}
const HELLO_TEXT = 'their good selfkr set it airm07 came'

/** The app listening on a loopback port, with tiny-chat launched (as `headers` say, where auth is on). */
async function listening(app: FastifyInstance, headers: Record<string, string> = {}) {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const launched = await app.inject({
    method: 'POST',
    url: '/api/v1/models',
    headers,
    payload: { model_name: 'tiny-chat', model_type: 'LLM' },
  })
  expect(launched.statusCode, launched.body).toBe(200)
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

/** What the client raises on an error answer, with the body it read (`error`). */
type ApiError = InstanceType<typeof Anthropic.APIError>

const textOf = (message: Anthropic.Message) =>
  message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')

describe('the official @anthropic-ai/sdk client', () => {
  it(
    'gets messages whole and streamed, with a system prompt and stop reasons',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      const client = new Anthropic({ baseURL: await listening(app), apiKey: 'not-needed', maxRetries: 0 })

      const whole = await client.messages.create(HELLO)
      expect(whole).toMatchObject({
        type: 'message',
        role: 'assistant',
        model: 'tiny-chat',
        stop_sequence: null,
      })
      expect(whole.id).toMatch(/^msg_/)
      expect(textOf(whole)).toBe(HELLO_TEXT)
      expect(whole.usage.output_tokens).toBeGreaterThan(0)
      expect(whole.usage.input_tokens).toBeGreaterThan(0)

      // Streamed: Anthropic's events in Anthropic's order, the same text, the usage at the end.
      const stream = client.messages.stream(HELLO)
      const events: string[] = []
      let text = ''
      for await (const event of stream) {
        events.push(event.type)
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
          text += event.delta.text
      }
      expect(text).toBe(HELLO_TEXT)
      expect(events.slice(0, 2)).toEqual(['message_start', 'content_block_start'])
      expect(events.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop'])
      expect(events.filter((type) => type === 'content_block_delta').length).toBeGreaterThan(1)
      // On the wire, each event is named on its `event:` line, as Anthropic sends them (a ping among them).
      const raw = await app.inject({
        method: 'POST',
        url: '/v1/messages',
        payload: { ...HELLO, stream: true },
      })
      expect(raw.headers['content-type']).toBe('text/event-stream')
      expect(raw.body).toMatch(/^event: message_start\ndata: \{"type":"message_start",/)
      expect(raw.body).toContain('event: ping\ndata: {"type":"ping"}\n\n')
      expect(raw.body).toMatch(/event: message_stop\ndata: \{"type":"message_stop"\}\n\n$/)
      const final = await stream.finalMessage()
      expect(textOf(final)).toBe(HELLO_TEXT)
      expect(final.stop_reason).toBe(whole.stop_reason)
      expect(final.usage).toEqual(whole.usage)

      // The system prompt reaches the model as the chat's system message: the same answer as the OpenAI route's.
      const system = 'You answer in one word.'
      const withSystem = await client.messages.create({ ...HELLO, system: [{ type: 'text', text: system }] })
      const chat = await postChat(app, {
        ...HELLO,
        messages: [{ role: 'system', content: system }, ...HELLO.messages],
      })
      const answer = chat.json<{
        choices: { message: { content: string } }[]
        usage: { prompt_tokens: number }
      }>()
      expect(textOf(withSystem)).toBe(answer.choices[0]?.message.content)
      // The tiny model answers the same whatever the prompt; its prompt's length shows the system text was sent.
      expect(withSystem.usage.input_tokens).toBe(answer.usage.prompt_tokens)
      expect(withSystem.usage.input_tokens).toBeGreaterThan(whole.usage.input_tokens)

      // Cut by max_tokens: said so, with the tokens counted.
      const cut = await client.messages.create({ ...HELLO, max_tokens: 2 })
      expect(cut.stop_reason).toBe('max_tokens')
      expect(cut.usage.output_tokens).toBe(2)
    },
  )

  it(
    'is refused in Anthropic’s error shape, with the status the client raises on',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      const client = new Anthropic({ baseURL: await listening(app), apiKey: 'not-needed', maxRetries: 0 })
      // No max_tokens, and a temperature out of Anthropic's range.
      const bad = await client.messages
        .create({ ...HELLO, max_tokens: undefined, temperature: 3 } as unknown as typeof HELLO)
        .catch((error: unknown) => error)
      expect(bad).toBeInstanceOf(Anthropic.BadRequestError)
      const badBody = (bad as ApiError).error as { type: string; error: { type: string; message: string } }
      expect(badBody).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } })
      expect(badBody.error.message).toMatch(/max_tokens.*temperature|temperature.*max_tokens/)
      const unknown = await client.messages
        .create({ ...HELLO, model: 'nobody' })
        .catch((error: unknown) => error)
      expect(unknown).toBeInstanceOf(Anthropic.NotFoundError)
      expect((unknown as ApiError).error).toMatchObject({ error: { type: 'not_found_error' } })
      // A content block of another type than text is refused, not ignored.
      const image = await app.inject({
        method: 'POST',
        url: '/v1/messages',
        payload: { ...HELLO, messages: [{ role: 'user', content: [{ type: 'image', source: {} }] }] },
      })
      expect(image.statusCode).toBe(400)
      expect(image.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } })
      // Every other route keeps its `{detail}`.
      expect((await postChat(app, { model: 'tiny-chat' })).json()).toHaveProperty('detail')
    },
  )

  it(
    'takes a key as x-api-key with auth on, with the checks and audit of a bearer key',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeApp()
      const baseURL = await listening(app, admin)
      const mine = await makeKey(app, admin, {
        name: 'tiny-chat-only',
        model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny-chat' }],
      })
      const other = await makeKey(app, admin, {
        name: 'other-model',
        model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny2' }],
      })

      const client = new Anthropic({ baseURL, apiKey: mine.key, maxRetries: 0 })
      expect(textOf(await client.messages.create(HELLO))).toBe(HELLO_TEXT)
      const byBearer = new Anthropic({ baseURL, apiKey: null, authToken: mine.key, maxRetries: 0 })
      expect(textOf(await byBearer.messages.create(HELLO))).toBe(HELLO_TEXT)

      const refused = await new Anthropic({ baseURL, apiKey: other.key, maxRetries: 0 }).messages
        .create(HELLO)
        .catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(Anthropic.PermissionDeniedError)
      expect((refused as ApiError).error).toMatchObject({
        error: { type: 'permission_error', message: 'API key does not have access to model: tiny-chat' },
      })
      const wrong = await new Anthropic({ baseURL, apiKey: 'xf-not-a-key', maxRetries: 0 }).messages
        .create(HELLO)
        .catch((error: unknown) => error)
      expect(wrong).toBeInstanceOf(Anthropic.AuthenticationError)
      expect((wrong as ApiError).error).toMatchObject({ error: { type: 'authentication_error' } })

      // x-api-key is Anthropic's header: the other routes still want the bearer.
      const chat = await postChat(
        app,
        { ...HELLO, messages: [{ role: 'user', content: 'Hi' }] },
        { 'x-api-key': mine.key },
      )
      expect(chat.statusCode).toBe(401)
      expect((await postChat(app, { ...HELLO }, as(mine.key))).statusCode).toBe(200)

      const search = await app.inject({ url: '/v1/audit/search?category=inference&size=20', headers: admin })
      const hits = search.json<{ hits: Record<string, unknown>[] }>().hits
      expect(hits.find((hit) => hit.endpoint === '/v1/messages' && hit.status === 'denied')).toMatchObject({
        auth_type: 'api_key',
        api_key_name: 'other-model',
        api_key_prefix: other.prefix,
        model_id: 'tiny-chat',
        http_status: 403,
      })
    },
  )
})
