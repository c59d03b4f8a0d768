import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { QWEN, testApp, waitFor } from './helper.js'
import { launch, localHubs } from './runtime-helper.js'

// A launch that downloads its model from a hub (a local one that serves the tiny models).

const startHub = localHubs()

describe('downloads during launch', { timeout: 30_000 }, () => {
  it('downloads a catalogue model from its hub into the cache, then serves it', async () => {
    const hub = await startHub()
    const app = await testApp({ hfEndpoint: hub.url })
    const launched = await launch(app, QWEN)
    expect(launched.json()).toEqual({ model_uid: 'qwen2.5-instruct' })
    expect(hub.requests[0]?.path).toBe(
      '/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    )
    const cached = (await app.inject('/api/v1/cache/models?model_name=qwen2.5-instruct')).json<{
      list: { model_version: string }[]
    }>()
    expect(cached.list.map((entry) => entry.model_version)).toEqual([
      'qwen2.5-instruct--0_5B--ggufv2--q4_k_m',
    ])
    const catalogue = (await app.inject('/api/v1/model_registrations/LLM?detailed=true')).json<
      {
        model_name: string
        model_specs: {
          model_format: string
          model_size_in_billions: string
          quantizations: string[]
          cache_status: boolean[]
        }[]
      }[]
    >()
    const spec = catalogue
      .find((f) => f.model_name === 'qwen2.5-instruct')
      ?.model_specs.find((s) => s.model_format === 'ggufv2' && s.model_size_in_billions === '0_5')
    expect(spec?.cache_status[spec.quantizations.indexOf('q4_k_m')]).toBe(true)
  })

  it('uses ModelScope when asked', async () => {
    const hub = await startHub()
    const app = await testApp({ modelscopeEndpoint: hub.url })
    expect((await launch(app, { ...QWEN, download_hub: 'modelscope' })).statusCode).toBe(200)
    expect(hub.requests[0]?.path).toBe(
      '/api/v1/models/qwen/Qwen2.5-0.5B-Instruct-GGUF/repo?Revision=main&FilePath=qwen2.5-0.5b-instruct-q4_k_m.gguf',
    )
  })

  it('fails clearly, naming the address, when no hub answers', async () => {
    const app = await testApp({ hfEndpoint: 'http://127.0.0.1:9' })
    const response = await launch(app, QWEN)
    expect(response.statusCode).toBe(503)
    expect(response.json<{ detail: string }>().detail).toContain(
      'Could not download http://127.0.0.1:9/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    )
    const replicas = (await app.inject('/v1/models/qwen2.5-instruct/replicas')).json<
      { status: string; error_message: string }[]
    >()
    expect(replicas[0]?.status).toBe('ERROR')
    expect(replicas[0]?.error_message).toContain('Could not download')
  })

  it('reports download progress and cancels a launch in flight', async () => {
    const hub = await startHub({ bytesPerSecond: 60_000 })
    const app = await testApp({ hfEndpoint: hub.url })
    const pending = launch(app, { ...QWEN, model_uid: 'slow-qwen' })
    let progress:
      | {
          stage: string
          progress: number
          download_files: { downloaded_bytes: number; total_bytes: number }[]
        }
      | undefined
    await waitFor(async () => {
      progress = (await app.inject('/v1/models/slow-qwen/progress')).json()
      return (progress?.download_files[0]?.downloaded_bytes ?? 0) > 0
    })
    expect(progress?.stage).toBe('downloading')
    expect(progress?.download_files[0]?.total_bytes).toBeGreaterThan(
      progress?.download_files[0]?.downloaded_bytes ?? 0,
    )
    expect(progress?.progress).toBeGreaterThan(0)
    expect(progress?.progress).toBeLessThan(0.8)

    expect((await app.inject({ method: 'POST', url: '/v1/models/slow-qwen/cancel' })).statusCode).toBe(200)
    const response = await pending
    expect(response.statusCode).toBe(499)
    expect((await app.inject('/v1/models/slow-qwen/progress')).json()).toMatchObject({ stage: 'cancelled' })
    // Nothing half-written is taken for a cached model; the part stays for a later resume.
    const folder = join(app.platform.cache.root, 'qwen2.5-instruct--0_5B--ggufv2--q4_k_m')
    expect(app.platform.cache.isCached('qwen2.5-instruct--0_5B--ggufv2--q4_k_m')).toBe(false)
    expect(existsSync(folder) && readdirSync(folder).some((name) => name.endsWith('.part'))).toBe(true)
    // The uid is free again.
    expect((await app.inject({ method: 'POST', url: '/v1/models/slow-qwen/cancel' })).statusCode).toBe(400)
  })
})
