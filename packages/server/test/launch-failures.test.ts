import { describe, expect, it } from 'vitest'
import { QWEN, testApp } from './helper.js'
import { launch } from './runtime-helper.js'

describe('launches', () => {
  it('lists failed launches with their reason until dismissed', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await launch(app, QWEN)
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
