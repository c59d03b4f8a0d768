import { describe, expect, it } from 'vitest'
import { testApp, TINY_CHAT } from './helper.js'
import { launch } from './runtime-helper.js'

describe('launch refusals', () => {
  it('refuses what it cannot run with a clear 400', async () => {
    const app = await testApp()
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        {
          model_name: 'qwen2.5-instruct',
          model_type: 'LLM',
          model_engine: 'Transformers',
          model_format: 'pytorch',
          model_size_in_billions: 7,
          quantization: 'none',
        },
        /Xinference cluster/,
      ],
      [
        {
          model_name: 'qwen2.5-instruct',
          model_type: 'LLM',
          model_format: 'pytorch',
          model_size_in_billions: 7,
          quantization: 'none',
        },
        /pytorch format needs a Python engine/,
      ],
      [{ model_name: 'sd-turbo', model_type: 'image' }, /image models needs a Python engine/],
      [{ model_name: 'bge-m3', model_type: 'embedding' }, /bge-m3 needs a Python engine/],
      [{ model_name: 'no-such-model', model_type: 'LLM' }, /Model no-such-model not found/],
      [{ ...TINY_CHAT, worker_ip: '10.9.9.9' }, /No worker at 10\.9\.9\.9/],
      [{ ...TINY_CHAT, download_hub: 'csghub' }, /csghub/],
    ]
    for (const [body, message] of cases) {
      const response = await launch(app, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json<{ detail: string }>().detail).toMatch(message)
    }
    // One name rule for uids and names (at most 64 characters), and bounded replicas: refused by the schema.
    for (const body of [
      { ...TINY_CHAT, replica: 0 },
      { ...TINY_CHAT, replica: 1_000_000_000 },
      { ...TINY_CHAT, model_uid: '../etc' },
      { ...TINY_CHAT, model_uid: 'a'.repeat(65) },
    ]) {
      const invalid = await launch(app, body)
      expect(invalid.statusCode, JSON.stringify(body)).toBe(422)
      expect(Array.isArray(invalid.json<{ detail: unknown }>().detail)).toBe(true)
    }
  })

  it('refuses a uid that is already running', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await launch(app, TINY_CHAT)
    const again = await launch(app, TINY_CHAT)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: 'Model is already in the model list, uid: tiny-chat' })
  })
})
