import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { AnswerUsageReader } from '../src/clusters/answer-usage.js'

/**
 * A cluster's answer through the reader, in pieces of `size` bytes (a byte at a time splits every event and every
 * character): what it passes on, and what it read.
 */
async function read(answer: string, mediaType: string, size = 7) {
  let now = 1000
  const reader = new AnswerUsageReader(mediaType, 1000, () => (now += 5))
  const bytes = Buffer.from(answer)
  const pieces = Array.from({ length: Math.ceil(bytes.length / size) }, (_, at) =>
    bytes.subarray(at * size, (at + 1) * size),
  )
  const passed = text(reader)
  await pipeline(Readable.from(pieces), reader)
  return { passed: await passed, usage: reader.usage() }
}

const sse = (...events: unknown[]) =>
  events.map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\r\n\r\n`).join('')
const chunk = (content: string, usage: unknown = null) => ({
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: { content } }],
  usage,
})

describe("a cluster's answer read for its tokens", () => {
  it('passes a stream on byte for byte, split anywhere, and reads its last chunk’s usage and its first text', async () => {
    const answer = sse(
      chunk(''),
      chunk('Hé'),
      chunk(' there', null),
      chunk('', { prompt_tokens: 9, completion_tokens: 12, total_tokens: 21 }),
      '[DONE]',
    )
    for (const size of [1, 3, 64, answer.length]) {
      const { passed, usage } = await read(answer, 'text/event-stream', size)
      expect(passed).toBe(answer)
      expect(usage).toMatchObject({ inputTokens: 9, outputTokens: 12 })
      // The first chunk with text, not the role's empty one; the answer's end after it.
      expect(usage?.firstTokenMs).toBeGreaterThan(0)
      expect(usage?.durationMs).toBeGreaterThan(usage?.firstTokenMs ?? 0)
    }
  })

  it("reads a JSON answer's usage (chat, embeddings) and a rerank's meta.tokens", async () => {
    const chat = JSON.stringify({ choices: [], usage: { prompt_tokens: 4, completion_tokens: 2 } })
    expect((await read(chat, 'application/json')).usage).toMatchObject({
      inputTokens: 4,
      outputTokens: 2,
      firstTokenMs: null,
    })
    const embeddings = JSON.stringify({ data: [], usage: { prompt_tokens: 30, total_tokens: 30 } })
    expect((await read(embeddings, 'application/json')).usage).toMatchObject({
      inputTokens: 30,
      outputTokens: 0,
    })
    const rerank = JSON.stringify({ results: [], meta: { tokens: { input_tokens: 17, output_tokens: 0 } } })
    expect((await read(rerank, 'application/json')).usage).toMatchObject({ inputTokens: 17, outputTokens: 0 })
  })

  it("reads Anthropic's stream: the input from message_start, the output's last count from message_delta", async () => {
    const answer = [
      { type: 'message_start', message: { usage: { input_tokens: 11, output_tokens: 1 } } },
      { type: 'content_block_delta', delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'message_delta', usage: { output_tokens: 5 } },
    ]
      .map((data) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`)
      .join('')
    const { usage } = await read(answer, 'text/event-stream', 5)
    expect(usage).toMatchObject({ inputTokens: 11, outputTokens: 5 })
    expect(usage?.firstTokenMs).toEqual(expect.any(Number))
  })

  it('counts nothing a cluster says that is not a count; a stream that tells none counts its chunks of text', async () => {
    for (const usage of [
      { prompt_tokens: -1, completion_tokens: 1.5 },
      { prompt_tokens: '9', completion_tokens: null },
      { prompt_tokens: 1e12, completion_tokens: Number.MAX_SAFE_INTEGER },
      [9, 12],
      'many',
    ]) {
      expect((await read(JSON.stringify({ usage }), 'application/json')).usage).toMatchObject({
        inputTokens: 0,
        outputTokens: 0,
      })
    }
    // Quoted inside a string, it is text, not the answer's usage.
    const echoed = JSON.stringify({ choices: [{ message: { content: '"usage": {"prompt_tokens": 999}' } }] })
    expect((await read(echoed, 'application/json')).usage).toMatchObject({ inputTokens: 0 })
    expect((await read('not json at all', 'application/json')).usage).toMatchObject({ inputTokens: 0 })
    // Xinference 1.x's stream: no usage chunk; each chunk of text is a token.
    const { usage } = await read(
      sse(chunk(''), chunk('a'), chunk('b'), chunk('c'), '[DONE]'),
      'text/event-stream',
    )
    expect(usage).toMatchObject({ inputTokens: 0, outputTokens: 3 })
  })

  it('counts what was seen when the client leaves mid-answer', async () => {
    let now = 0
    const reader = new AnswerUsageReader('text/event-stream', 0, () => (now += 5))
    reader.resume()
    reader.write(sse(chunk('Hi'), chunk(' there')))
    await new Promise((done) => setImmediate(done))
    expect(reader.usage()).toBeNull()
    reader.destroy()
    expect(reader.usage()).toMatchObject({ inputTokens: 0, outputTokens: 2, firstTokenMs: 5 })
  })

  it('reads a large answer’s usage from its end, with the details OpenAI nests in it, and skips an event too long', async () => {
    const large = JSON.stringify({
      data: 'x'.repeat(9 * 1024 * 1024),
      usage: { prompt_tokens: 5, total_tokens: 5, prompt_tokens_details: { cached_tokens: 0 } },
    })
    const json = await read(large, 'application/json', 256 * 1024)
    expect(json.passed.length).toBe(large.length)
    expect(json.usage).toMatchObject({ inputTokens: 5, outputTokens: 0 })
    const answer = sse(
      chunk('x'.repeat(2 * 1024 * 1024), { prompt_tokens: 99, completion_tokens: 99 }),
      chunk('', { prompt_tokens: 3, completion_tokens: 4 }),
    )
    const stream = await read(answer, 'text/event-stream', 64 * 1024 + 1)
    expect(stream.passed).toBe(answer)
    expect(stream.usage).toMatchObject({ inputTokens: 3, outputTokens: 4 })
  })
})
