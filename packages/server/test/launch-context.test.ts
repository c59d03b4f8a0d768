import { MAX_CONTEXT, MIN_CONTEXT } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { testApp, TINY_CHAT } from './helper.js'
import { launch, launchedApp } from './runtime-helper.js'

// The context each place holds: the model's context length (at most 4,096 tokens), or the launch's n_ctx.

describe('the context of each place', () => {
  it(
    'is the model’s context length at most 4,096 tokens, or the launch’s n_ctx',
    { timeout: 60_000 },
    async () => {
      const app = await launchedApp({ ...TINY_CHAT, n_parallel: 2 })
      // The tiny chat model was trained for 2,048 tokens.
      expect(app.platform.models.get('tiny-chat').contextSize).toBe(2048)

      const launched = await launch(app, { ...TINY_CHAT, model_uid: 'short', n_ctx: 256 })
      expect(launched.statusCode, launched.body).toBe(200)
      const model = app.platform.models.get('short')
      expect(model.contextSize).toBe(256)
      // No answer outgrows its place: max_tokens is held to the context.
      const answer = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        payload: {
          model: 'short',
          messages: [{ role: 'user', content: 'Tell me a story' }],
          max_tokens: 5000,
        },
      })
      expect(answer.statusCode, answer.body).toBe(200)
      expect(
        answer.json<{ usage: { completion_tokens: number } }>().usage.completion_tokens,
      ).toBeLessThanOrEqual(256)
    },
  )

  it('refuses an n_ctx past the model’s context length, or out of bounds', async () => {
    const app = await testApp()
    const over = await launch(app, { ...TINY_CHAT, n_ctx: 4096 })
    expect(over.statusCode).toBe(400)
    expect(over.json<{ detail: string }>().detail).toBe(
      'n_ctx 4096 is more than tiny-chat was trained for (context length 2048 tokens)',
    )
    for (const n_ctx of [MIN_CONTEXT - 1, MAX_CONTEXT + 1, 512.5, '512', -1]) {
      const invalid = await launch(app, { ...TINY_CHAT, n_ctx })
      expect(invalid.statusCode, String(n_ctx)).toBe(422)
      expect(JSON.stringify(invalid.json<{ detail: unknown }>().detail)).toContain('n_ctx')
    }
    expect(app.platform.models.listed()).toEqual([])
  })
})
