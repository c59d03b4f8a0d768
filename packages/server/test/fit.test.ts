import { writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { FitSummaries, ModelFit } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { bitsPerWeight } from '../src/platform/fit/bits-per-weight.js'
import { GgufHeaders, kvBytesPerToken } from '../src/platform/fit/gguf-kv.js'
import { bandwidthOf, tokensPerSecond } from '../src/platform/fit/decode-speed.js'
import { grade } from '../src/platform/fit/grade.js'
import { tinyModel } from '../src/platform/gguf/tiny-models.js'
import { startLocalHub } from './support/local-hub.js'
import { tempDir, testApp, testConfig, TINY_CHAT } from './helper.js'

const quantizationsOf = (fit: ModelFit) => fit.specs.flatMap((spec) => spec.quantizations)

describe('will it fit', () => {
  it('knows the bits per weight of the quantizations catalogues name', () => {
    expect(bitsPerWeight('Q4_K_M')).toBe(4.9)
    expect(bitsPerWeight('q4_k_m')).toBe(4.9)
    expect(bitsPerWeight('F16')).toBe(16)
    // Larger embedding and output layers: a little more than the plain kind.
    expect(bitsPerWeight('UD-Q4_K_XL')).toBeCloseTo(5.2)
    expect(bitsPerWeight('Q6_K_L')).toBeCloseTo(6.87)
    expect(bitsPerWeight('mystery')).toBeNull()
  })

  it('sizes the KV cache from a GGUF header: every layer, keys and values of each KV head', async () => {
    const metadata = {
      general: { architecture: 'qwen2' },
      qwen2: { block_count: 24, embedding_length: 896, attention: { head_count: 14, head_count_kv: 2 } },
    }
    // 24 layers × 2 KV heads × (64 + 64) × 2 bytes.
    expect(kvBytesPerToken(metadata)).toBe(24 * 2 * 128 * 2)
    expect(kvBytesPerToken({ general: {} })).toBeNull()
    const file = join(tempDir(), 'tiny.gguf')
    writeFileSync(file, tinyModel('chat'))
    // The tiny model: 2 layers × 2 KV heads × (16 + 16) × 2 bytes.
    expect(await new GgufHeaders().kvBytesPerToken(file)).toBe(256)
  })

  it('grades against the free memory, and says unknown only when it cannot tell', () => {
    expect(grade(700, 500, 1000)).toBe('fits')
    expect(grade(900, 500, 1000)).toBe('tight')
    expect(grade(1100, 500, 1000)).toBe('no')
    expect(grade(null, 500, 1000)).toBe('unknown')
    // Weights alone larger than the free memory: it cannot fit, whatever the KV cache.
    expect(grade(null, 1500, 1000)).toBe('no')
  })

  it('grades a model that fits the memory but writes slower than one reads as slow, not fits well', () => {
    // Decode reads every weight once a token: bandwidth ÷ file size. Two cores draw 16 GB/s.
    const twoCores = bandwidthOf('cpu', 2)
    expect(twoCores).toBe(16e9)
    // Many cores share the memory's channels: the bandwidth stops growing.
    expect(bandwidthOf('cpu', 64)).toBe(60e9)
    expect(bandwidthOf('gpu', 2)).toBeGreaterThan(bandwidthOf('cpu', 64))
    // 14B at Q4_K_M, some 8.6 GB: under 2 tokens a second on two cores.
    const fourteenB = Math.round((14e9 * 4.9) / 8)
    const speed = tokensPerSecond(twoCores, fourteenB)
    expect(speed).toBeCloseTo(1.9, 1)
    expect(grade(12e9, fourteenB, 24e9, speed)).toBe('slow')
    expect(grade(12e9, fourteenB, 24e9, null)).toBe('fits')
    // A 1.5B model writes fast enough on the same cores; one too large stays "does not fit".
    expect(grade(2e9, 1e9, 24e9, tokensPerSecond(twoCores, 1e9))).toBe('fits')
    expect(grade(30e9, fourteenB, 24e9, speed)).toBe('no')
    expect(tokensPerSecond(twoCores, null)).toBeNull()
  })

  it('takes file sizes from the hub’s file list and says the hub answered', async () => {
    const hub = await startLocalHub()
    try {
      const app = await testApp({ ...testConfig(), hfEndpoint: hub.url })
      const answer = await app.inject('/api/v1/fit/llm/qwen2.5-instruct?n_parallel=2')
      expect(answer.statusCode).toBe(200)
      const fit = answer.json<ModelFit>()
      expect(fit.hub).toEqual({ hub: 'huggingface', endpoint: hub.url, reachable: true, detail: null })
      expect(fit.n_parallel).toBe(2)
      expect(fit.context_length).toBe(4096)
      const gguf = fit.specs.find(
        (spec) => spec.model_format === 'ggufv2' && spec.model_size_in_billions === '0_5',
      )
      const q4 = gguf?.quantizations.find((entry) => entry.quantization === 'q4_k_m')
      const size = tinyModel('chat').length
      expect(q4).toMatchObject({
        cached: false,
        file_bytes: size,
        file_bytes_source: 'hub',
        memory_basis: 'catalogue',
      })
      // Weights + 24 layers × 2 KV heads × 128 × 2 bytes for 2 sequences of 4,096 tokens + the runtime.
      expect(q4?.memory_bytes).toBe(size + 12_288 * 4096 * 2 + 160 * 1024 * 1024)
      // A launch's n_ctx sizes each place's KV cache instead of the default.
      const smaller = (
        await app.inject('/api/v1/fit/llm/qwen2.5-instruct?n_parallel=2&n_ctx=1024')
      ).json<ModelFit>()
      expect(smaller.context_length).toBe(1024)
      const smallerQ4 = smaller.specs
        .find((spec) => spec.model_format === 'ggufv2' && spec.model_size_in_billions === '0_5')
        ?.quantizations.find((entry) => entry.quantization === 'q4_k_m')
      expect(smallerQ4?.memory_bytes).toBe(size + 12_288 * 1024 * 2 + 160 * 1024 * 1024)
      expect(hub.requests.map((request) => request.path)).toContain(
        '/api/models/Qwen/Qwen2.5-0.5B-Instruct-GGUF/tree/main',
      )
      // Formats this platform cannot run are listed, not estimated.
      const pytorch = fit.specs.find((spec) => spec.model_format === 'pytorch')
      expect(pytorch).toMatchObject({ runnable: false })
      expect(pytorch?.quantizations.every((entry) => entry.fit === 'unknown')).toBe(true)
    } finally {
      await hub.close()
    }
  })

  it('says why a hub cannot be reached, and estimates sizes from the parameters meanwhile', async () => {
    // A port nothing listens on (fetch refuses the tests' usual port 9 before trying it).
    const free = createServer()
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve))
    const port = (free.address() as AddressInfo).port
    await new Promise((resolve) => free.close(resolve))
    const app = await testApp({ ...testConfig(), modelscopeEndpoint: `http://127.0.0.1:${String(port)}` })
    const fit = (
      await app.inject('/api/v1/fit/LLM/qwen2.5-instruct?download_hub=modelscope')
    ).json<ModelFit>()
    expect(fit.hub.hub).toBe('modelscope')
    expect(fit.hub.reachable).toBe(false)
    expect(fit.hub.detail).toMatch(/ECONNREFUSED/)
    const q4 = quantizationsOf(fit).find((entry) => entry.quantization === 'q4_k_m')
    // 0.5 billion weights × 4.9 bits.
    expect(q4).toMatchObject({ file_bytes: Math.round((0.5e9 * 4.9) / 8), file_bytes_source: 'parameters' })
    expect(['fits', 'tight', 'no']).toContain(q4?.fit)
  })

  it('reads a cached model’s own file and header once it is here', { timeout: 30_000 }, async () => {
    const app = await testApp()
    const before = quantizationsOf((await app.inject('/api/v1/fit/llm/tiny-chat')).json<ModelFit>())[0]
    // Not yet written, but the platform writes it itself: no download, its size known.
    expect(before).toMatchObject({ cached: false, file_bytes_source: 'cache', memory_basis: 'catalogue' })
    expect((await app.inject({ method: 'POST', url: '/api/v1/models', payload: TINY_CHAT })).statusCode).toBe(
      200,
    )
    const after = quantizationsOf(
      (await app.inject('/api/v1/fit/llm/tiny-chat?n_parallel=1')).json<ModelFit>(),
    )[0]
    expect(after).toMatchObject({
      cached: true,
      file_bytes: tinyModel('chat').length,
      file_bytes_source: 'cache',
      memory_basis: 'header',
      // 256 bytes a token × 2,048 tokens (its training context) + the runtime.
      memory_bytes: tinyModel('chat').length + 256 * 2048 + 160 * 1024 * 1024,
      fit: 'fits',
    })
  })

  it('gives each model of a kind its best choice here, and which run here', async () => {
    const app = await testApp()
    const answer = await app.inject('/api/v1/fit/llm')
    expect(answer.statusCode).toBe(200)
    const { target, models } = answer.json<FitSummaries>()
    expect(target.device).toBe('cpu')
    expect(target.free_bytes).toBeGreaterThan(0)
    expect(models.find((model) => model.model_name === 'tiny-chat')).toMatchObject({
      quantization: 'f32',
      fit: 'fits',
      runs_here: true,
    })
    // Llama 2 13B at F16 (26 GB) is not its best choice where a smaller one fits.
    const llama = models.find((model) => model.model_name === 'llama-2')
    expect(llama?.fit).not.toBe('unknown')
    const images = (await app.inject('/api/v1/fit/image')).json<FitSummaries>().models
    expect(images.length).toBeGreaterThan(0)
    expect(images.every((model) => !model.runs_here && model.fit === 'unknown')).toBe(true)
  })

  it('runs here only what is here, or comes from a hub that answers, and estimates its speed', async () => {
    // The hubs point at a closed port: only models the platform has or writes itself run here.
    const app = await testApp()
    const { target, hubs, models } = (await app.inject('/api/v1/fit/llm')).json<FitSummaries>()
    expect(target.bandwidth_bytes_per_second).toBeGreaterThan(0)
    expect(hubs.find((hub) => hub.hub === 'huggingface')).toMatchObject({ reachable: false })
    expect(models.filter((model) => model.runs_here).map((model) => model.model_name)).toEqual(['tiny-chat'])
    expect(models.find((model) => model.model_name === 'tiny-chat')).toMatchObject({ files: 'here' })
    const qwen = models.find((model) => model.model_name === 'qwen2.5-instruct')
    expect(qwen).toMatchObject({ files: 'unreachable', runs_here: false })
    expect(qwen?.tokens_per_second).toBeGreaterThan(0)
    // Embeddings write no tokens: no speed to estimate.
    const embeddings = (await app.inject('/api/v1/fit/embedding')).json<FitSummaries>().models
    expect(embeddings.every((model) => model.tokens_per_second === null)).toBe(true)
  })

  it('counts a model that needs a download as running here when its hub answers', async () => {
    const hub = await startLocalHub()
    try {
      const app = await testApp({ ...testConfig(), hfEndpoint: hub.url })
      const { models } = (await app.inject('/api/v1/fit/llm')).json<FitSummaries>()
      expect(models.find((model) => model.model_name === 'qwen2.5-instruct')).toMatchObject({
        files: 'download',
        runs_here: true,
      })
    } finally {
      await hub.close()
    }
  })

  it('refuses what it cannot answer, saying why', async () => {
    const app = await testApp()
    const cases = [
      ['/api/v1/fit/llm/no-such-model', 404, 'Model no-such-model not found'],
      ['/api/v1/fit/video', 400, 'Unsupported model type: video'],
      [
        '/api/v1/fit/llm/tiny-chat?download_hub=csghub',
        400,
        'Downloads from csghub are not supported by this platform',
      ],
    ] as const
    for (const [url, status, detail] of cases) {
      const answer = await app.inject(url)
      expect(answer.statusCode, url).toBe(status)
      expect(answer.json(), url).toEqual({ detail })
    }
    for (const url of [
      '/api/v1/fit/llm/tiny-chat?n_parallel=0',
      '/api/v1/fit/llm/tiny-chat?n_parallel=65',
      '/api/v1/fit/llm/tiny-chat?n_ctx=127',
      '/api/v1/fit/llm/tiny-chat?n_ctx=1048577',
    ]) {
      expect((await app.inject(url)).statusCode, url).toBe(422)
    }
  })
})
