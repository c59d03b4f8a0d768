import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testApp } from './helper.js'

describe('model web UI', () => {
  it(
    'exists only after it is created, serves a chat page, and goes with the model',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      await app.inject({
        method: 'POST',
        url: '/api/v1/models',
        payload: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'chat-1' },
      })
      expect((await app.inject({ method: 'HEAD', url: '/chat-1' })).statusCode).toBe(404)

      const body = {
        model_type: 'LLM',
        model_name: 'tiny-chat',
        model_size_in_billions: '0_0002',
        model_format: 'ggufv2',
        quantization: 'f32',
        context_length: 2048,
        model_ability: ['chat'],
        model_description: 'tiny',
        model_lang: ['en'],
      }
      const created = await app.inject({ method: 'POST', url: '/api/v1/ui/chat-1', payload: body })
      expect(created.json()).toEqual({ model_uid: 'chat-1' })
      expect((await app.inject({ method: 'HEAD', url: '/chat-1' })).statusCode).toBe(200)
      const page = await app.inject('/chat-1')
      expect(page.headers['content-type']).toMatch(/text\/html/)
      expect(page.body).toContain('<h1>chat-1</h1>')
      expect(page.body).toContain('/v1/chat/completions')
      // Its policy allows exactly its own inline script and style, and no framing.
      const hash = (tag: string) => {
        const inline = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(page.body)?.[1] ?? ''
        return `'sha256-${createHash('sha256').update(inline).digest('base64')}'`
      }
      const csp = String(page.headers['content-security-policy'])
      expect(csp).toContain(`script-src ${hash('script')}`)
      expect(csp).toContain(`style-src ${hash('style')}`)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(page.headers['x-content-type-options']).toBe('nosniff')

      await app.inject({ method: 'DELETE', url: '/api/v1/models/chat-1' })
      expect((await app.inject({ method: 'HEAD', url: '/chat-1' })).statusCode).toBe(404)
    },
  )

  it('refuses UIs for unknown models, non-chat models and images', { timeout: 30_000 }, async () => {
    const app = await testApp()
    const llm = { model_type: 'LLM', model_name: 'x' }
    expect((await app.inject({ method: 'POST', url: '/api/v1/ui/nope', payload: llm })).statusCode).toBe(400)
    await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      payload: { model_name: 'tiny-embedding', model_type: 'embedding' },
    })
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/ui/tiny-embedding', payload: llm })).statusCode,
    ).toBe(400)
    const image = {
      model_type: 'image',
      model_family: 'stable_diffusion',
      model_id: 'stabilityai/sd-turbo',
      model_name: 'sd-turbo',
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/ui/images/sd-turbo', payload: image })).json<{
        detail: string
      }>().detail,
    ).toMatch(/cluster/)
  })

  it('escapes the uid into the page', () => {
    // uids are restricted at launch; the page escapes anyway.
    return import('../src/model-ui/chat-page.js').then(({ chatPage }) => {
      const page = chatPage({ uid: '</script><b>x', name: 'n', contextLength: null })
      expect(page).not.toContain('</script><b>')
      expect(page).toContain('&#60;/script&#62;&#60;b&#62;x')
    })
  })
})

describe('launches', () => {
  it('lists failed launches with their reason until dismissed', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      payload: {
        model_name: 'qwen2.5-instruct',
        model_type: 'LLM',
        model_engine: 'llama.cpp',
        model_format: 'ggufv2',
        model_size_in_billions: '0_5',
        quantization: 'q4_k_m',
      },
    })
    const launches = (await app.inject('/api/v1/models/launches')).json<
      { model_uid: string; stage: string; error: string }[]
    >()
    expect(launches).toHaveLength(1)
    expect(launches[0]).toMatchObject({ model_uid: 'qwen2.5-instruct', stage: 'failed' })
    expect(launches[0]?.error).toContain('Could not download')
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/models/qwen2.5-instruct' })).statusCode).toBe(
      200,
    )
    expect((await app.inject('/api/v1/models/launches')).json()).toEqual([])
  })
})
