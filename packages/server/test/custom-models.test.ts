import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { modelFolder, postChat, testApp, userChat } from './helper.js'

// Custom registrations as Register Model and upstream clients send them, and what the platform does with them.

const register = (app: FastifyInstance, type: string, model: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/model_registrations/${type}`,
    payload: { model: JSON.stringify(model), persist: true },
  })

/** Upstream's own shape from v1.8 on (recorded from real servers): version 2, one quantization string per spec. */
const upstreamShaped = (dir: string) => ({
  version: 2,
  model_name: 'my-gguf-llm',
  model_description: 'registered the way upstream clients do',
  context_length: 2048,
  model_lang: ['en'],
  model_ability: ['generate', 'chat'],
  model_family: 'qwen2.5-instruct',
  model_specs: [
    {
      model_uri: dir,
      model_size_in_billions: 1,
      model_format: 'ggufv2',
      quantization: 'default',
      model_file_name_template: 'tiny.gguf',
    },
  ],
})

describe('custom models', () => {
  it(
    'take upstream’s v2 shape, read back in the shape they were given, and launch',
    { timeout: 60_000 },
    async () => {
      const { root, dir } = modelFolder(['tiny.gguf'], 'fake-gguf')
      const app = await testApp({ modelDirs: [root] })
      const model = upstreamShaped(dir)
      expect((await register(app, 'LLM', model)).statusCode).toBe(200)
      const back = (await app.inject('/v1/model_registrations/LLM/my-gguf-llm')).json<
        Record<string, unknown>
      >()
      expect(back).toEqual({ ...model, is_builtin: false })

      const launched = await app.inject({
        method: 'POST',
        url: '/v1/models',
        payload: { model_name: 'my-gguf-llm', model_type: 'LLM', model_engine: 'llama.cpp' },
      })
      expect(launched.json()).toEqual({ model_uid: 'my-gguf-llm' })

      // It chats with the template of the family it names, not the file's own.
      const logs = (await app.inject('/v1/models/my-gguf-llm/logs')).json<{ lines: string[] }>()
      expect(logs.lines.join('\n')).toContain('chat template from the qwen2.5-instruct family')
      const chat = await postChat(app, userChat('my-gguf-llm', 'hi', { max_tokens: 4, temperature: 0 }))
      expect(chat.statusCode, chat.body).toBe(200)
    },
  )

  it(
    'cannot be unregistered while running: the edit flow must not pull a model from under its workers',
    { timeout: 60_000 },
    async () => {
      const { root, dir } = modelFolder(['tiny.gguf'], 'fake-gguf')
      const app = await testApp({ modelDirs: [root] })
      await register(app, 'LLM', upstreamShaped(dir))
      await app.inject({
        method: 'POST',
        url: '/v1/models',
        payload: { model_name: 'my-gguf-llm', model_type: 'LLM' },
      })
      const refused = await app.inject({ method: 'DELETE', url: '/v1/model_registrations/LLM/my-gguf-llm' })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({
        detail: 'Model my-gguf-llm is running; terminate it before unregistering or editing it',
      })
      await app.inject({ method: 'DELETE', url: '/v1/models/my-gguf-llm' })
      expect(
        (await app.inject({ method: 'DELETE', url: '/v1/model_registrations/LLM/my-gguf-llm' })).statusCode,
      ).toBe(200)
    },
  )

  it('registers kinds this platform cannot run, lists them, and refuses their launch saying why', async () => {
    const { root } = modelFolder([])
    const app = await testApp({ modelDirs: [root] })
    const kinds: [string, Record<string, unknown>][] = [
      [
        'image',
        { model_name: 'my-image', model_uri: root, model_family: 'stable_diffusion', controlnet: [] },
      ],
      ['audio', { model_name: 'my-audio', model_uri: root, multilingual: false, model_family: 'whisper' }],
      [
        'flexible',
        {
          model_name: 'my-flexible',
          model_description: 'x',
          model_uri: root,
          launcher: 'xinference.model.flexible.launchers.transformers',
          launcher_args: '{}',
        },
      ],
      [
        'embedding',
        { model_name: 'my-embedding', dimensions: 768, max_tokens: 512, model_uri: root, language: ['en'] },
      ],
    ]
    for (const [type, model] of kinds) {
      expect((await register(app, type, model)).statusCode, type).toBe(200)
      const names = (await app.inject(`/v1/model_registrations/${type}`)).json<{ model_name: string }[]>()
      expect(
        names.map((entry) => entry.model_name),
        type,
      ).toContain(model.model_name)
      const launch = await app.inject({
        method: 'POST',
        url: '/v1/models',
        payload: { model_name: model.model_name, model_type: type },
      })
      expect(launch.statusCode, type).toBe(400)
      expect(launch.json<{ detail: string }>().detail, type).toMatch(/Xinference cluster/)
    }
    const badArgs = await register(app, 'flexible', {
      ...kinds[2]?.[1],
      model_name: 'bad-args',
      launcher_args: '[1]',
    })
    expect(badArgs.json<{ detail: string }>().detail).toMatch(/launcher_args/)
  })
})

describe('file info', () => {
  it('reads what a GGUF file in the model folders says about itself', async () => {
    const { root, dir } = modelFolder(['tiny-chat.gguf'], 'tiny')
    const app = await testApp({ modelDirs: [root] })
    const info = await app.inject(
      `/api/v1/models/file_info?path=${encodeURIComponent(join(dir, 'tiny-chat.gguf'))}`,
    )
    expect(info.statusCode).toBe(200)
    expect(info.json()).toMatchObject({
      folder: dir,
      file_name: 'tiny-chat.gguf',
      architecture: 'llama',
      context_length: 2048,
      chat_template: expect.stringContaining('<|im_start|>') as unknown,
    })
    expect(info.json<{ size_in_billions: number }>().size_in_billions).toBeGreaterThan(0)
  })

  it('refuses paths outside the model folders, missing files and files that are not GGUF', async () => {
    const { root, dir } = modelFolder(['tiny-chat.gguf'], 'tiny')
    const app = await testApp({ modelDirs: [root] })
    for (const [path, message] of [
      ['/etc/passwd', /outside the model folders/],
      [join(dir, 'missing.gguf'), /does not exist/],
      [dir, /is a folder/],
    ] as const) {
      const answer = await app.inject(`/api/v1/models/file_info?path=${encodeURIComponent(path)}`)
      expect(answer.statusCode, path).toBe(400)
      expect(answer.json<{ detail: string }>().detail, path).toMatch(message)
    }
  })
})
