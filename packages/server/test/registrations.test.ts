import { gunzipSync } from 'node:zlib'
import {
  EngineMap,
  ModelFamilies,
  ModelRegistrationList,
  RegistrationNameList,
} from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { modelFolder, testApp } from './helper.js'

const models = () => modelFolder(['mine-q4_k_m.gguf'], 'mine')
const customLlmIn = (dir: string) => ({
  version: 1,
  model_name: 'my-gguf-llm',
  model_description: 'mine',
  context_length: 2048,
  model_lang: ['en'],
  model_ability: ['chat'],
  model_family: 'qwen2.5-instruct',
  model_specs: [
    {
      model_uri: dir,
      model_size_in_billions: 7,
      model_format: 'ggufv2',
      quantizations: ['q4_k_m'],
      model_file_name_template: 'mine-{quantization}.gguf',
    },
  ],
})

/** Stored directly (not through the route), so its path need not exist. */
const customLlm = customLlmIn('/models/mine')

describe('model registrations', () => {
  it('lists the built-in LLM catalogue in SPEC’s shape, with cache flags per quantization', async () => {
    const app = await testApp()
    const response = await app.inject('/api/v1/model_registrations/LLM?detailed=true')
    expect(response.statusCode).toBe(200)
    const list = ModelRegistrationList.parse(response.json())
    const names = list.map((family) => family.model_name)
    expect(names).toEqual(
      expect.arrayContaining(['tiny-chat', 'qwen2.5-instruct', 'llama-3.1-instruct', 'qwen3']),
    )
    const qwen = list.find((family) => family.model_name === 'qwen2.5-instruct')
    expect(qwen?.is_builtin).toBe(true)
    expect(qwen?.context_length).toBe(32768)
    const gguf = qwen?.model_specs?.find(
      (spec) => spec.model_format === 'ggufv2' && spec.model_size_in_billions === '0_5',
    )
    expect(gguf?.quantizations).toContain('q4_k_m')
    expect(gguf?.model_file_name_template).toBe('qwen2.5-0.5b-instruct-{quantization}.gguf')
    expect(gguf?.cache_status).toEqual(gguf?.quantizations?.map(() => false))
  })

  it('answers the llm spelling too, and the other kinds with their own fields', async () => {
    const app = await testApp()
    expect((await app.inject('/api/v1/model_registrations/llm?detailed=true')).statusCode).toBe(200)
    const embedding = ModelRegistrationList.parse(
      (await app.inject('/v1/model_registrations/embedding?detailed=true')).json(),
    )
    expect(embedding.find((model) => model.model_name === 'bge-m3')).toMatchObject({
      dimensions: 1024,
      max_tokens: 8192,
    })
    for (const type of ['rerank', 'image', 'audio']) {
      const list = ModelRegistrationList.parse(
        (await app.inject(`/api/v1/model_registrations/${type}?detailed=true`)).json(),
      )
      expect(list.length).toBeGreaterThan(3)
    }
    expect((await app.inject('/api/v1/model_registrations/video')).statusCode).toBe(400)
  })

  it('keeps the detailed answer: gzip on request, ETag and 304', async () => {
    const app = await testApp()
    const plain = await app.inject('/api/v1/model_registrations/LLM?detailed=true')
    const zipped = await app.inject({
      url: '/api/v1/model_registrations/LLM?detailed=true',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body)
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 3)
    const etag = String(plain.headers.etag)
    const again = await app.inject({
      url: '/api/v1/model_registrations/LLM?detailed=true',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
  })

  it('lists names with is_builtin, sorted case-insensitively; custom models join from SQLite', async () => {
    const app = await testApp()
    app.platform.customModels.insert({ model_type: 'LLM', model_name: customLlm.model_name, body: customLlm })
    const names = RegistrationNameList.parse((await app.inject('/api/v1/model_registrations/LLM')).json())
    const sorted = [...names].sort((a, b) =>
      a.model_name.toLowerCase().localeCompare(b.model_name.toLowerCase()),
    )
    expect(names).toEqual(sorted)
    expect(names).toContainEqual({ model_name: 'my-gguf-llm', is_builtin: false })
    expect(names).toContainEqual({ model_name: 'qwen3', is_builtin: true })
  })

  it('describes one model; unregisters a custom one; refuses built-ins and unknown names', async () => {
    const app = await testApp()
    app.platform.customModels.insert({ model_type: 'LLM', model_name: customLlm.model_name, body: customLlm })
    const detail = await app.inject('/api/v1/model_registrations/LLM/my-gguf-llm')
    expect(detail.json()).toMatchObject({
      model_name: 'my-gguf-llm',
      is_builtin: false,
      model_family: 'qwen2.5-instruct',
    })

    // The kept detailed answer sees the change.
    const before = (await app.inject('/api/v1/model_registrations/LLM?detailed=true')).json<
      { model_name: string }[]
    >()
    expect(before.map((m) => m.model_name)).toContain('my-gguf-llm')
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/v1/model_registrations/LLM/my-gguf-llm' })).statusCode,
    ).toBe(200)
    const after = (await app.inject('/api/v1/model_registrations/LLM?detailed=true')).json<
      { model_name: string }[]
    >()
    expect(after.map((m) => m.model_name)).not.toContain('my-gguf-llm')

    const builtin = await app.inject({ method: 'DELETE', url: '/api/v1/model_registrations/LLM/qwen3' })
    expect(builtin.statusCode).toBe(400)
    const unknown = await app.inject('/api/v1/model_registrations/LLM/nope')
    expect(unknown.json()).toEqual({ detail: 'Model nope not found' })
  })

  it('registers a custom model (model as a JSON string, persist) and refuses bad ones', async () => {
    const { root, dir } = models()
    const customLlm = customLlmIn(dir)
    const app = await testApp({ modelDirs: [root] })
    const register = (type: string, model: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/model_registrations/${type}`,
        payload: { model: typeof model === 'string' ? model : JSON.stringify(model), persist: true },
      })
    expect((await register('LLM', customLlm)).statusCode).toBe(200)
    expect(app.platform.customModels.get('LLM', 'my-gguf-llm')?.body).toEqual(customLlm)
    expect((await register('LLM', customLlm)).json()).toEqual({
      detail: 'Model my-gguf-llm is already registered',
    })
    expect((await register('LLM', { ...customLlm, model_name: 'qwen3' })).json()).toEqual({
      detail: 'Model name qwen3 conflicts with a built-in model',
    })
    expect((await register('LLM', '{not json')).statusCode).toBe(400)
    expect((await register('LLM', { model_name: 'x' })).statusCode).toBe(400)
    expect((await register('LLM', { ...customLlm, model_name: '../x' })).statusCode).toBe(400)
    expect((await register('video', customLlm)).statusCode).toBe(400)
    const list = (await app.inject('/api/v1/model_registrations/LLM')).json<{ model_name: string }[]>()
    expect(list.filter((entry) => entry.model_name === 'my-gguf-llm')).toHaveLength(1)
  })

  it('shows upstream-shaped custom embedding bodies', async () => {
    const app = await testApp()
    const body = {
      model_name: 'my-embed',
      dimensions: 768,
      max_tokens: 512,
      model_uri: '/models/embed',
      language: ['en'],
    }
    app.platform.customModels.insert({ model_type: 'embedding', model_name: 'my-embed', body })
    const list = (await app.inject('/api/v1/model_registrations/embedding?detailed=true')).json<
      { model_name: string; is_builtin: boolean }[]
    >()
    expect(list.find((model) => model.model_name === 'my-embed')).toMatchObject({
      is_builtin: false,
      dimensions: 768,
    })
  })
})

describe('engines, families and prompts', () => {
  it('offers llama.cpp for GGUF specs and explains the rest', async () => {
    const app = await testApp()
    const engines = EngineMap.parse((await app.inject('/api/v1/engines/qwen2.5-instruct')).json())
    const llamaCpp = engines['llama.cpp']
    expect(Array.isArray(llamaCpp) && llamaCpp.every((spec) => spec.model_format === 'ggufv2')).toBe(true)
    expect(engines.Transformers).toMatch(/Xinference cluster/)
    const tiny = EngineMap.parse((await app.inject('/v1/engines/tiny-embedding')).json())
    expect(Object.keys(tiny)).toEqual(['llama.cpp'])
    const image = EngineMap.parse((await app.inject('/v1/engines/sd-turbo')).json())
    expect(image.diffusers).toMatch(/Xinference cluster/)
    expect((await app.inject('/api/v1/engines/nope')).statusCode).toBe(400)
  })

  it('lists families by ability and prompt styles of chat families', async () => {
    const app = await testApp()
    const families = ModelFamilies.parse((await app.inject('/api/v1/models/families')).json())
    expect(families.chat).toContain('qwen2.5-instruct')
    expect(families.generate).toContain('llama-2')
    const prompts = (await app.inject('/api/v1/models/prompts')).json<
      Record<string, { chat_template: string }>
    >()
    expect(prompts['qwen2.5-instruct']?.chat_template).toContain('<|im_start|>')
  })
})
