import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CacheDisk } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { tempDir, testApp } from './helper.js'

const VERSION = 'tiny-chat--0_0002B--ggufv2--f32'

describe('model cache', () => {
  it('lists what a launch cached, with SPEC’s fields, and deletes it', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await app.ready()
    expect((await app.inject('/api/v1/cache/models?model_name=tiny-chat')).json()).toEqual({ list: [] })
    const launched = await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      payload: { model_name: 'tiny-chat', model_type: 'LLM' },
    })
    expect(launched.statusCode).toBe(200)
    await app.inject({ method: 'DELETE', url: '/api/v1/models/tiny-chat' })

    const { list } = (await app.inject('/api/v1/cache/models?model_name=tiny-chat')).json<{
      list: Record<string, unknown>[]
    }>()
    expect(list).toEqual([
      {
        model_name: 'tiny-chat',
        model_version: VERSION,
        model_format: 'ggufv2',
        model_size_in_billions: '0_0002',
        quantization: 'f32',
        real_path: join(app.platform.cache.root, VERSION),
        path: join(app.platform.cache.root, VERSION),
        actor_ip_address: '127.0.0.1:0',
      },
    ])
    expect((await app.inject('/api/v1/cache/models?model_name=qwen3')).json()).toEqual({ list: [] })

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/cache/models?model_version=${VERSION}`,
    })
    expect(removed.json()).toEqual({ result: true })
    expect(existsSync(join(app.platform.cache.root, VERSION))).toBe(false)
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/cache/models?model_version=${VERSION}` }))
        .statusCode,
    ).toBe(404)
  })

  it(
    'shows its disk folder by folder, half-done ones too, and keeps the files a running model uses',
    {
      timeout: 30_000,
    },
    async () => {
      const app = await testApp()
      await app.ready()
      const launched = await app.inject({
        method: 'POST',
        url: '/api/v1/models',
        payload: { model_name: 'tiny-chat', model_type: 'LLM' },
      })
      expect(launched.statusCode).toBe(200)
      const half = join(app.platform.cache.root, 'qwen3--0_6B--ggufv2--Q4_K_M')
      mkdirSync(half)
      writeFileSync(join(half, 'model.gguf.part'), 'partial')

      const disk = (await app.inject('/api/v1/cache/disk')).json<CacheDisk>()
      expect(disk.free_bytes).toBeGreaterThan(0)
      expect(disk.total_bytes).toBeGreaterThanOrEqual(disk.free_bytes)
      expect(disk.reserve_bytes).toBe(1024 ** 3)
      const byVersion = Object.fromEntries(disk.folders.map((folder) => [folder.model_version, folder]))
      expect(byVersion[VERSION]).toMatchObject({
        model_name: 'tiny-chat',
        complete: true,
        used_by: ['tiny-chat'],
      })
      expect(byVersion[VERSION]?.bytes).toBeGreaterThan(0)
      expect(byVersion['qwen3--0_6B--ggufv2--Q4_K_M']).toEqual({
        model_version: 'qwen3--0_6B--ggufv2--Q4_K_M',
        model_name: 'qwen3',
        bytes: 7,
        complete: false,
        files: [{ name: 'model.gguf.part', bytes: 7, partial: true }],
        used_by: [],
        downloading: false,
      })

      const remove = (version: string) =>
        app.inject({ method: 'DELETE', url: `/api/v1/cache/models?model_version=${version}` })
      const refused = await remove(VERSION)
      expect(refused.statusCode).toBe(409)
      expect(refused.json<{ detail: string }>().detail).toBe(
        `${VERSION} is used by the running model tiny-chat: terminate it first, then remove its files`,
      )
      expect(existsSync(join(app.platform.cache.root, VERSION))).toBe(true)
      // Half-done files nothing writes any more go.
      expect((await remove('qwen3--0_6B--ggufv2--Q4_K_M')).json()).toEqual({ result: true })
      expect(existsSync(half)).toBe(false)
      await app.inject({ method: 'DELETE', url: '/api/v1/models/tiny-chat' })
      expect((await remove(VERSION)).json()).toEqual({ result: true })
      expect((await app.inject('/api/v1/cache/disk')).json<CacheDisk>().folders).toEqual([])
    },
  )

  it('never reads or deletes outside the cache', async () => {
    const app = await testApp()
    const outside = tempDir('sc-outside-')
    writeFileSync(join(outside, 'keep.txt'), 'precious')
    // A link planted inside the cache, marker and all, pointing outside.
    symlinkSync(outside, join(app.platform.cache.root, 'evil--link'))
    writeFileSync(
      join(outside, '__valid_download.json'),
      JSON.stringify({ model_name: 'x', model_version: 'evil--link' }),
    )

    const attempts = [
      '..',
      '../..',
      '../outside',
      '%2e%2e',
      '..%2F..%2Fetc',
      encodeURIComponent(outside),
      '/etc',
      'a%2Fb',
      '.hidden',
      'evil--link',
      '',
    ]
    for (const attempt of attempts) {
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/v1/cache/models?model_version=${attempt}`,
      })
      expect([400, 404, 422], attempt).toContain(response.statusCode)
    }
    expect(existsSync(join(outside, 'keep.txt'))).toBe(true)
    const { list } = (await app.inject('/api/v1/cache/models')).json<{ list: unknown[] }>()
    expect(list).toEqual([])
  })

  it('ignores unfinished downloads', async () => {
    const app = await testApp()
    const folder = join(app.platform.cache.root, 'qwen3--0_6B--ggufv2--Q4_K_M')
    mkdirSync(folder)
    writeFileSync(join(folder, 'model.gguf.part'), 'partial')
    expect((await app.inject('/api/v1/cache/models?model_name=qwen3')).json()).toEqual({ list: [] })
    expect(app.platform.cache.isCached('qwen3--0_6B--ggufv2--Q4_K_M')).toBe(false)
  })
})
