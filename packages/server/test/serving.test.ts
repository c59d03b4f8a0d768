import { describe, expect, it } from 'vitest'
import { postChat, testApp, TINY_CHAT, userChat, waitFor } from './helper.js'
import { launch, launchedApp } from './runtime-helper.js'

// Real worker processes running llama.cpp on the platform's generated tiny models: what each kind answers.

const cosine = (a: number[], b: number[]) => {
  let dot = 0
  let na = 0
  let nb = 0
  a.forEach((x, i) => {
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  })
  return dot / Math.sqrt(na * nb)
}

/** The data of each server-sent event in `body`, in order (the last is `[DONE]`). */
const sseEvents = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((event) => event.replace(/^data: /, ''))

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('launch → chat → embeddings → rerank → terminate', () => {
  it('serves the tiny models end to end', { timeout: 60_000 }, async () => {
    const app = await testApp()
    await app.ready()

    const launched = await launch(app, TINY_CHAT)
    expect(launched.json()).toEqual({ model_uid: 'tiny-chat' })
    const rows = (await app.inject('/api/v1/models')).json<{
      object: string
      data: Record<string, unknown>[]
    }>()
    expect(rows.object).toBe('list')
    expect(rows.data[0]).toMatchObject({
      id: 'tiny-chat',
      model_type: 'LLM',
      model_name: 'tiny-chat',
      model_format: 'ggufv2',
      quantization: 'f32',
      replica: 1,
      context_length: 2048,
      accelerators: [],
    })

    const chat = await postChat(app, userChat('tiny-chat', 'Hello', { temperature: 0, max_tokens: 12 }))
    expect(chat.statusCode).toBe(200)
    const answer = chat.json<{
      choices: { message: { content: string }; finish_reason: string }[]
      usage: { completion_tokens: number }
    }>()
    // Seeded weights and greedy sampling: the same words every run.
    expect(answer.choices[0]?.message.content).toBe('their good selfkr set it airm07 came')
    expect(answer.choices[0]?.finish_reason).toBe('length')
    expect(answer.usage.completion_tokens).toBe(12)

    const completion = await app.inject({
      method: 'POST',
      url: '/v1/completions',
      payload: { model: 'tiny-chat', prompt: 'the water', temperature: 0, max_tokens: 4 },
    })
    expect(completion.json<{ choices: { text: string }[] }>().choices[0]?.text.length).toBeGreaterThan(0)

    await launch(app, { model_name: 'tiny-embedding', model_type: 'embedding' })
    const embedded = await app.inject({
      method: 'POST',
      url: '/v1/embeddings',
      payload: {
        model: 'tiny-embedding',
        input: ['the cat sat on the mat', 'the cat sat on a mat', 'water turn cause much mean'],
      },
    })
    const vectors = embedded.json<{ data: { embedding: number[] }[] }>().data.map((item) => item.embedding)
    const [mat, nearDuplicate, unrelated] = vectors as [number[], number[], number[]]
    expect(mat).toHaveLength(64)
    expect(cosine(mat, nearDuplicate)).toBeGreaterThan(cosine(mat, unrelated))

    await launch(app, { model_name: 'tiny-rerank', model_type: 'rerank', model_uid: 'my-reranker' })
    const ranked = await app.inject({
      method: 'POST',
      url: '/v1/rerank',
      payload: {
        model: 'my-reranker',
        query: 'water',
        documents: ['a', 'b c', 'd'],
        top_n: 2,
        return_documents: true,
      },
    })
    const results = ranked.json<{
      results: { index: number; relevance_score: number; document: { text: string } }[]
    }>().results
    const [first, second] = results
    expect(results).toHaveLength(2)
    expect(first?.relevance_score).toBeGreaterThanOrEqual(second?.relevance_score ?? Infinity)
    expect(first?.document.text).toBe(['a', 'b c', 'd'][first?.index ?? -1])

    const pids = ['tiny-chat', 'tiny-embedding', 'my-reranker'].flatMap((uid) =>
      app.platform.models.get(uid).workers.map((worker) => worker.pid ?? 0),
    )
    for (const uid of ['tiny-chat', 'tiny-embedding', 'my-reranker']) {
      expect((await app.inject({ method: 'DELETE', url: `/api/v1/models/${uid}` })).statusCode).toBe(200)
    }
    expect((await app.inject('/api/v1/models')).json()).toEqual({ object: 'list', data: [] })
    await waitFor(() => pids.every((pid) => !alive(pid)), 5000)
    const gone = await postChat(app, userChat('tiny-chat', 'x'))
    expect(gone.statusCode).toBe(400)
    expect(gone.json()).toEqual({ detail: 'Model not found in the model list, uid: tiny-chat' })
  })

  it(
    'ends a stream with the usage chunk when asked (stream_options.include_usage)',
    { timeout: 30_000 },
    async () => {
      const app = await launchedApp()
      const payload = userChat('tiny-chat', 'Hello', { temperature: 0, max_tokens: 12 })
      const whole = await postChat(app, payload)
      const response = await postChat(app, {
        ...payload,
        stream: true,
        stream_options: { include_usage: true },
      })
      const events = sseEvents(response.body)
      expect(events.at(-1)).toBe('[DONE]')
      // As OpenAI sends it: after the finish chunk, one with no choices and the whole answer's usage.
      expect(JSON.parse(events.at(-2) ?? '')).toMatchObject({
        object: 'chat.completion.chunk',
        choices: [],
        usage: whole.json<{ usage: object }>().usage,
      })
    },
  )

  it(
    'logs every line with its time, and one line per request without its text',
    { timeout: 30_000 },
    async () => {
      const app = await launchedApp()
      const chat = await postChat(app, userChat('tiny-chat', 'a secret prompt', { max_tokens: 3 }))
      const usage = chat.json<{ usage: { prompt_tokens: number; completion_tokens: number } }>().usage
      const lines = (await app.inject('/v1/models/tiny-chat/logs')).json<{ lines: string[] }>().lines
      for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /)
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `Z request chat 200 · ${String(usage.prompt_tokens)} → ${String(usage.completion_tokens)} tokens · \\d+ ms · replica 0$`,
        ),
      )
      expect(lines.join('\n')).not.toContain('a secret prompt')
    },
  )

  it('streams chat as SSE chunks ending in [DONE]', { timeout: 30_000 }, async () => {
    const app = await launchedApp()
    const response = await postChat(
      app,
      userChat('tiny-chat', 'Hello', { temperature: 0, max_tokens: 12, stream: true }),
    )
    expect(response.headers['content-type']).toBe('text/event-stream')
    const events = sseEvents(response.body)
    expect(events.at(-1)).toBe('[DONE]')
    const chunks = events
      .slice(0, -1)
      .map(
        (event) =>
          JSON.parse(event) as { choices: { delta: { content?: string }; finish_reason: string | null }[] },
      )
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(
      'their good selfkr set it airm07 came',
    )
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length')
  })

  it(
    'streams a fast model’s text in frames, not an event a token, with the same text as one answer',
    { timeout: 30_000 },
    async () => {
      const app = await launchedApp()
      const body = userChat('tiny-chat', 'Hello', { temperature: 0, max_tokens: 128 })
      const whole = (await postChat(app, body)).json<{ choices: { message: { content: string } }[] }>()
      const streamed = await postChat(app, { ...body, stream: true, stream_options: { include_usage: true } })
      const chunks = sseEvents(streamed.body)
        .slice(0, -1)
        .map(
          (event) =>
            JSON.parse(event) as {
              choices: { delta: { content?: string } }[]
              usage?: { completion_tokens: number }
            },
        )
      const texts = chunks.flatMap((chunk) => chunk.choices[0]?.delta.content || [])
      const tokens = chunks.at(-1)?.usage?.completion_tokens ?? 0
      expect(tokens).toBe(128)
      expect(texts.join('')).toBe(whole.choices[0]?.message.content)
      // The tiny model makes a token every half millisecond; a message (IPC, SSE event, client parse) per token
      // would cost as much again (worker-main.ts, FRAME_MS), so its text comes several tokens a chunk.
      expect(texts.length).toBeLessThan(tokens * 0.75)
    },
  )
})
