import { describe, expect, it } from 'vitest'
import { postChat, userChat } from './helper.js'
import { launchedApp, sample } from './runtime-helper.js'

// Real worker processes: what GET /metrics counts is what was served.

describe('GET /metrics', () => {
  it(
    'counts requests, errors, tokens and first-token times per model, under Xinference’s names',
    { timeout: 30_000 },
    async () => {
      const app = await launchedApp()
      const chat = await postChat(app, userChat('tiny-chat', 'Hello', { max_tokens: 8, temperature: 0 }))
      expect(chat.statusCode).toBe(200)
      const usage = chat.json<{ usage: { prompt_tokens: number; completion_tokens: number } }>().usage
      // One the model's worker refuses.
      const model = app.platform.models.get('tiny-chat')
      await expect(model.serve({ op: 'embed', inputs: ['x'] })).rejects.toMatchObject({ statusCode: 400 })

      const scrape = await app.inject('/metrics')
      expect(scrape.statusCode).toBe(200)
      expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
      const text = scrape.body
      const labels = {
        model_uid: 'tiny-chat',
        model_name: 'tiny-chat',
        model_type: 'LLM',
        replica_index: '0',
      }
      expect(sample(text, 'xinference:model_request_total', { ...labels, stream: 'false' })).toBe(2)
      expect(sample(text, 'xinference:model_request_errors_total', labels)).toBe(1)
      expect(sample(text, 'xinference:output_tokens_total_counter', labels)).toBe(usage.completion_tokens)
      expect(sample(text, 'xinference:generate_tokens_total', labels)).toBe(usage.completion_tokens)
      expect(sample(text, 'xinference:input_tokens_total_counter', labels)).toBeGreaterThanOrEqual(
        usage.prompt_tokens,
      )
      expect(sample(text, 'xinference:time_to_first_token_seconds_count', labels)).toBe(1)
      expect(sample(text, 'xinference:model_request_duration_seconds_count', labels)).toBe(2)
      expect(sample(text, 'xinference:model_serve_count', labels)).toBe(0)
      expect(sample(text, 'serving_console:model_parallel', labels)).toBe(4)
      expect(sample(text, 'xinference:model_request_limit', labels)).toBe(-1)
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    },
  )
})
