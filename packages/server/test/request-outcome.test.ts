import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ModelMetrics, type ReplicaLabels } from '../src/platform/metrics/model-metrics.js'
import { ModelUsage } from '../src/platform/runtime/model-usage.js'
import type { RequestOutcome } from '../src/platform/runtime/request-outcome.js'
import { postChat, testApp, TINY_CHAT, userChat, waitFor } from './helper.js'
import { abandonedChat, launch, sample, watchServing } from './runtime-helper.js'

// Each inference request ends in one outcome, measured on one clock; the meters, the usage, the log line and the
// audit trail (request.outcome) all read that one, so they cannot disagree.

const LABELS: ReplicaLabels = {
  model_uid: 'm',
  model_name: 'm',
  model_type: 'LLM',
  replica_index: '0',
  engine: 'llama.cpp',
  format: 'ggufv2',
  quantization: 'f32',
  worker_address: '127.0.0.1:9997',
  gpu_index: '',
}

const outcome = (status: number, extra: Partial<RequestOutcome> = {}): RequestOutcome => ({
  model: 'm',
  replica: 0,
  op: 'chat',
  stream: true,
  status,
  ok: status === 200 || status === 499,
  inputTokens: 0,
  outputTokens: 0,
  firstTokenMs: null,
  durationMs: 5,
  at: Date.UTC(2026, 10, 25, 12, 0, 0),
  ...extra,
})

/** The model's usage and its Prometheus samples, read through the API. */
async function counted(app: FastifyInstance, uid: string) {
  const metrics = (await app.inject('/metrics')).body
  const rows = (await app.inject('/api/v1/models')).json<{ data: { id: string; usage: unknown }[] }>().data
  const usage = rows.find((row) => row.id === uid)?.usage as {
    requests: number
    errors: number
    prompt_tokens: number
    generated_tokens: number
    first_token_ms: number | null
  }
  const labels = { model_uid: uid }
  return {
    usage,
    requests: sample(metrics, 'xinference:model_request_total', labels),
    errors: sample(metrics, 'xinference:model_request_errors_total', labels),
    generated: sample(metrics, 'xinference:output_tokens_total_counter', labels),
    firstTokenSeconds: sample(metrics, 'xinference:time_to_first_token_seconds_sum', labels),
    firstTokens: sample(metrics, 'xinference:time_to_first_token_seconds_count', labels),
    durationSeconds: sample(metrics, 'xinference:model_request_duration_seconds_sum', labels),
  }
}

/** The model log's lines for requests. */
async function requestLines(app: FastifyInstance, uid: string): Promise<string[]> {
  const { lines } = (await app.inject(`/v1/models/${uid}/logs`)).json<{ lines: string[] }>()
  return lines.filter((line) => / request \w+/.test(line))
}

/** Expects the meters and the usage of `uid` to count `outcome` as its one request, in the same numbers. */
async function expectCountedOnce(app: FastifyInstance, uid: string, outcome: RequestOutcome) {
  const count = await counted(app, uid)
  expect(count).toMatchObject({ requests: 1, errors: undefined, generated: outcome.outputTokens })
  expect(count.usage).toMatchObject({ requests: 1, errors: 0, generated_tokens: outcome.outputTokens })
  expect(count.firstTokenSeconds).toBe((outcome.firstTokenMs ?? 0) / 1000)
  expect(count.usage.first_token_ms).toBe(Math.round(outcome.firstTokenMs ?? 0))
  expect(count.durationSeconds).toBe(outcome.durationMs / 1000)
  return count
}

describe('the meters and the usage', () => {
  it('count the same outcomes the same way: a client gone is a request, not an error', async () => {
    const metrics = new ModelMetrics(() => [])
    const usage = new ModelUsage()
    const outcomes = [
      outcome(200, { inputTokens: 4, outputTokens: 10, firstTokenMs: 20 }),
      // Gone mid-answer: what it generated counts.
      outcome(499, { inputTokens: 4, outputTokens: 3, firstTokenMs: 40 }),
      // Gone while it waited for a place.
      outcome(499),
      outcome(503, { firstTokenMs: 30 }),
    ]
    for (const each of outcomes) {
      metrics.record(LABELS, each)
      usage.record(each)
    }
    const text = await metrics.registry.metrics()
    const snapshot = usage.snapshot(outcomes[0]?.at ?? 0, outcomes[0]?.at)
    expect(snapshot).toMatchObject({ requests: 4, errors: 1, prompt_tokens: 8, generated_tokens: 13 })
    expect(sample(text, 'xinference:model_request_total')).toBe(snapshot.requests)
    expect(sample(text, 'xinference:model_request_errors_total')).toBe(snapshot.errors)
    expect(sample(text, 'xinference:input_tokens_total_counter')).toBe(snapshot.prompt_tokens)
    expect(sample(text, 'xinference:output_tokens_total_counter')).toBe(snapshot.generated_tokens)
    expect(sample(text, 'xinference:time_to_first_token_seconds_count')).toBe(3)
    expect(snapshot.first_token_ms).toBe(30)
    expect(sample(text, 'xinference:model_request_duration_seconds_count')).toBe(4)
  })
})

describe('a request’s outcome', () => {
  it(
    'is recorded once, with the same first token and duration in the meters, the usage, the log and the request',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      const seen: RequestOutcome[] = []
      // Where the audit trail reads it: on the request, once it is answered.
      app.addHook('onResponse', async (request) => {
        if (request.outcome) seen.push(request.outcome)
      })
      expect((await launch(app, TINY_CHAT)).statusCode).toBe(200)
      const chat = await postChat(app, userChat('tiny-chat', 'Hello', { max_tokens: 8 }))
      const usage = chat.json<{ usage: { prompt_tokens: number; completion_tokens: number } }>().usage
      expect(seen).toHaveLength(1)
      const [served] = seen as [RequestOutcome]
      expect(served).toMatchObject({
        model: 'tiny-chat',
        replica: 0,
        op: 'chat',
        stream: false,
        status: 200,
        ok: true,
        inputTokens: usage.prompt_tokens,
        outputTokens: usage.completion_tokens,
      })
      expect(served.firstTokenMs).toBeGreaterThan(0)
      expect(served.durationMs).toBeGreaterThanOrEqual(served.firstTokenMs ?? Infinity)

      await expectCountedOnce(app, 'tiny-chat', served)
      const lines = await requestLines(app, 'tiny-chat')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(
        new RegExp(` 200 · .* · ${String(Math.round(served.durationMs))} ms · replica 0$`),
      )
    },
  )

  it(
    'of a client gone mid-stream is recorded the same way in the meters and the usage: a request, not an error',
    { timeout: 60_000 },
    async () => {
      const app = await testApp()
      await app.listen({ port: 0, host: '127.0.0.1' })
      expect((await launch(app, TINY_CHAT)).statusCode).toBe(200)
      const { outcomes, nextToken } = watchServing(app, 'tiny-chat')
      const story = userChat('tiny-chat', 'Tell me a long story.', { max_tokens: 2048, stream: true })
      await abandonedChat(app, story, nextToken())
      await waitFor(() => outcomes.length === 1)

      const [gone] = outcomes as [RequestOutcome]
      expect(gone).toMatchObject({ stream: true, status: 499, ok: true })
      expect(gone.outputTokens).toBeGreaterThan(0)
      expect(gone.outputTokens).toBeLessThan(2048)
      expect((await expectCountedOnce(app, 'tiny-chat', gone)).firstTokens).toBe(1)
      const lines = await requestLines(app, 'tiny-chat')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/ request chat \(streamed\) 499 · /)
    },
  )
})
