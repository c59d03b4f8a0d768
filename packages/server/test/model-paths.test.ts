import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ADMIN, modelFolder, postChat, signIn, tempDir, testApp, userChat } from './helper.js'

const REGISTRAR = { username: 'registrar', password: 'registrar-password-1' }

// Paths from requests: a registration must never make the platform read or write outside its roots.

const register = (app: FastifyInstance, type: string, model: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/model_registrations/${type}`,
    payload: { model: JSON.stringify(model), persist: true },
  })

const launch = (app: FastifyInstance, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/models', payload: body })

const gguf = (spec: Record<string, unknown>) => ({
  model_name: 'evil',
  context_length: 2048,
  model_lang: ['en'],
  model_ability: ['chat'],
  model_specs: [{ model_format: 'ggufv2', model_size_in_billions: 1, quantizations: ['q4'], ...spec }],
})

/** Every file under a folder, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))

describe('registrations cannot name paths outside their roots', () => {
  it('refuses a file name template that is a path, and hub ids or revisions that are not', async () => {
    const { root, dir } = modelFolder(['m.gguf'])
    const app = await testApp({ modelDirs: [root] })
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ model_uri: dir, model_file_name_template: '../../platform.db' }, /model_file_name_template/],
      [{ model_uri: dir, model_file_name_template: '/etc/passwd' }, /model_file_name_template/],
      [{ model_id: 'evil/repo', model_file_name_template: '..' }, /model_file_name_template/],
      [{ model_id: 'evil/repo/../../x', model_file_name_template: 'x.gguf' }, /model_id/],
      [{ model_id: '../repo', model_file_name_template: 'x.gguf' }, /model_id/],
      [
        { model_id: 'evil/repo', model_revision: '../../main', model_file_name_template: 'x.gguf' },
        /model_revision/,
      ],
    ]
    for (const [spec, field] of refused) {
      const response = await register(app, 'LLM', gguf(spec))
      expect(response.statusCode, JSON.stringify(spec)).toBe(400)
      expect(response.json<{ detail: string }>().detail, JSON.stringify(spec)).toMatch(field)
    }
    expect(app.platform.customModels.list('LLM')).toHaveLength(0)
  })

  it('drops internal fields: a registration cannot make the platform generate or place files', async () => {
    const { root, dir } = modelFolder(['m.gguf'])
    const app = await testApp({ modelDirs: [root] })
    const response = await register(
      app,
      'LLM',
      gguf({ model_uri: dir, model_file_name_template: 'm.gguf', generated: 'chat' }),
    )
    expect(response.statusCode).toBe(200)
    const stored = app.platform.customModels.get('LLM', 'evil')?.body as { model_specs: object[] }
    expect(stored.model_specs[0]).not.toHaveProperty('generated')
  })

  it('never writes outside the cache for a hostile row stored before these checks existed', async () => {
    const dataDir = tempDir()
    const app = await testApp({ dataDir })
    // Written straight into SQLite, as an older server would have accepted it.
    app.platform.customModels.insert({
      model_type: 'LLM',
      model_name: 'evil',
      body: gguf({
        model_id: 'evil/repo',
        model_file_name_template: '../../../escaped-{quantization}',
        generated: 'chat',
      }),
    })
    const response = await launch(app, { model_name: 'evil', model_type: 'LLM', model_format: 'ggufv2' })
    expect(response.statusCode).toBe(400)
    expect(filesUnder(dataDir).filter((file) => file.includes('escaped'))).toEqual([])
    expect(existsSync(join(dataDir, '..', 'escaped-q4'))).toBe(false)
  })

  it('keeps model_uri inside the model folders, through links too, and never echoes file contents', async () => {
    const { root, dir } = modelFolder(['good.gguf'], 'models')
    writeFileSync(join(dir, 'notes.txt'), 'root:x:0:0:secret')
    symlinkSync('/etc/passwd', join(dir, 'passwd.gguf'))
    mkdirSync(join(dir, 'linked'))
    symlinkSync('/etc', join(dir, 'linked', 'etc'))
    const app = await testApp({ modelDirs: [root] })
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ model_uri: '/etc/passwd' }, /outside the model folders/],
      [{ model_uri: `${dir}/../../../etc/passwd` }, /outside the model folders/],
      [{ model_uri: join(dir, 'passwd.gguf') }, /outside the model folders/],
      [
        { model_uri: join(dir, 'linked', 'etc'), model_file_name_template: 'passwd' },
        /outside the model folders/,
      ],
      [{ model_uri: join(dir, 'notes.txt') }, /notes\.txt is not a GGUF file/],
      [{ model_uri: join(dir, 'missing.gguf') }, /does not exist/],
      [{ model_uri: 'relative/path.gguf' }, /absolute path/],
    ]
    for (const [spec, message] of cases) {
      const response = await register(app, 'LLM', gguf(spec))
      expect(response.statusCode, JSON.stringify(spec)).toBe(400)
      const detail = response.json<{ detail: string }>().detail
      expect(detail, JSON.stringify(spec)).toMatch(message)
      expect(detail).not.toMatch(/root:|secret/)
    }
    const good = await register(app, 'LLM', gguf({ model_uri: join(dir, 'good.gguf') }))
    expect(good.statusCode).toBe(200)
  })

  it('answers alike for a path outside the folders, there or not, and names the folders to admins only', async () => {
    const { root } = modelFolder(['good.gguf'], 'models')
    const authConfig = join(tempDir('sc-auth-'), 'auth.json')
    writeFileSync(
      authConfig,
      JSON.stringify({
        auth_config: {
          algorithm: 'HS256',
          secret_key: 'a-test-secret-of-enough-length',
          token_expire_in_minutes: 30,
        },
        user_config: [
          { ...ADMIN, permissions: ['admin'], api_keys: [] },
          { ...REGISTRAR, permissions: ['models:list', 'models:register'], api_keys: [] },
        ],
      }),
    )
    const app = await testApp({ modelDirs: [root], authConfig })
    const fileInfo = async (user: { username: string; password: string }, path: string) => {
      const response = await app.inject({
        url: `/api/v1/models/file_info?path=${encodeURIComponent(path)}`,
        headers: { authorization: `Bearer ${await signIn(app, user)}` },
      })
      expect(response.statusCode).toBe(400)
      return response.json<{ detail: string }>().detail.replace(JSON.stringify(path), 'PATH')
    }
    const existing = await fileInfo(REGISTRAR, '/etc/passwd')
    expect(existing).toBe(await fileInfo(REGISTRAR, '/etc/no-such-file-here'))
    expect(existing).toBe(await fileInfo(REGISTRAR, '/no-such-folder/x.gguf'))
    // Through a link inside the folders that leads out, alike too.
    symlinkSync('/etc', join(root, 'etc-link'))
    expect(existing).toBe(await fileInfo(REGISTRAR, join(root, 'etc-link', 'passwd')))
    expect(existing).toBe(await fileInfo(REGISTRAR, join(root, 'etc-link', 'no-such-file-here')))
    expect(existing).toBe(await fileInfo(REGISTRAR, `${root}/etc-link/../etc/passwd`))
    expect(existing).not.toContain(root)
    const forAdmin = await fileInfo(ADMIN, '/etc/passwd')
    expect(forAdmin).toBe(await fileInfo(ADMIN, '/etc/no-such-file-here'))
    expect(forAdmin).toContain(root)
  })

  it('checks the path again at launch: a stored row cannot probe a file', async () => {
    const app = await testApp()
    app.platform.customModels.insert({
      model_type: 'LLM',
      model_name: 'probe',
      body: { ...gguf({ model_uri: '/etc/passwd' }), model_name: 'probe' },
    })
    const response = await launch(app, { model_name: 'probe', model_type: 'LLM', model_format: 'ggufv2' })
    expect(response.statusCode).toBe(400)
    const detail = response.json<{ detail: string }>().detail
    expect(detail).toMatch(/outside the model folders/)
    expect(detail).not.toMatch(/root:/)
  })

  it('refuses a registration nested thousands of levels deep, and the catalogue keeps answering', async () => {
    const app = await testApp()
    const deep = JSON.parse(`${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`) as object
    const response = await register(app, 'LLM', { ...gguf({ model_id: 'org/repo' }), extra: deep })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ detail: string }>().detail).toMatch(/nested deeper than 16 levels/)
    expect((await app.inject('/api/v1/model_registrations/LLM?detailed=true')).statusCode).toBe(200)
  })
})

describe('a custom GGUF model from the model folders', () => {
  it('registers, launches from its local path and chats', { timeout: 60_000 }, async () => {
    const { root, dir } = modelFolder(['mine-q4.gguf'], 'mine')
    const app = await testApp({ modelDirs: [root] })
    const registered = await register(app, 'LLM', {
      ...gguf({ model_uri: dir, model_file_name_template: 'mine-{quantization}.gguf' }),
      model_name: 'mine',
    })
    expect(registered.statusCode).toBe(200)
    const launched = await launch(app, { model_name: 'mine', model_type: 'LLM', model_format: 'ggufv2' })
    expect(launched.json()).toEqual({ model_uid: 'mine' })
    const chat = await postChat(app, userChat('mine', 'hi', { max_tokens: 4, temperature: 0 }))
    expect(chat.statusCode).toBe(200)
    expect(chat.json<{ usage: { completion_tokens: number } }>().usage.completion_tokens).toBeGreaterThan(0)
  })
})
