import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../src/auth/passwords.js'
import { ConfigError, parseCommandLine } from '../src/config.js'
import { openSqlite } from '../src/db/sqlite.js'
import { authFile, signIn, testApp, testConfig } from './helper.js'

const FIRST = { username: 'first-admin', password: 'a long password 1' }

describe('passwords', () => {
  it('are kept as salted scrypt hashes and checked against them', async () => {
    const one = await hashPassword('correct horse')
    const two = await hashPassword('correct horse')
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(two).not.toBe(one)
    expect(await verifyPassword('correct horse', one)).toBe(true)
    expect(await verifyPassword('correct horsE', one)).toBe(false)
    expect(await verifyPassword('correct horse', 'plain text')).toBe(false)
  })
})

describe('the built-in user store (--auth)', () => {
  it('asks for a first administrator, makes one once, and signs them in', { timeout: 20_000 }, async () => {
    const config = { ...testConfig(), authStore: true }
    const app = await testApp(config)
    expect((await app.inject('/api/v1/cluster/auth')).json()).toEqual({ auth: true })
    expect((await app.inject('/v1/admin/setup/status')).json()).toEqual({
      needs_setup: true,
      initialized: false,
      password_min_length: 8,
    })
    // Nobody yet: nothing opens, nobody signs in.
    expect((await app.inject('/api/v1/models')).statusCode).toBe(401)
    expect((await app.inject({ method: 'POST', url: '/token', payload: FIRST })).statusCode).toBe(401)

    const short = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/setup',
      payload: { username: 'x', password: 'short' },
    })
    expect(short.statusCode).toBe(422)
    const made = await app.inject({ method: 'POST', url: '/v1/admin/setup', payload: FIRST })
    expect(made.statusCode).toBe(201)
    expect(made.json()).toEqual({ id: 1, username: FIRST.username })
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/setup',
      payload: { username: 'second', password: 'another long one' },
    })
    expect(again.statusCode).toBe(403)
    expect(again.json()).toEqual({ detail: 'Setup already completed; an account already exists.' })
    expect((await app.inject('/api/v1/admin/setup/status')).json()).toMatchObject({ needs_setup: false })

    const token = await signIn(app, FIRST)
    const models = await app.inject({ url: '/api/v1/models', headers: { authorization: `Bearer ${token}` } })
    expect(models.statusCode).toBe(200)
    const wrong = await app.inject({
      method: 'POST',
      url: '/token',
      payload: { ...FIRST, password: 'not the password' },
    })
    expect(wrong.statusCode).toBe(401)

    // The password is stored hashed, never as given.
    await app.close()
    const db = openSqlite(join(config.dataDir, 'platform.db'))
    const row = db.get('SELECT password_hash FROM users') as { password_hash: string }
    db.close()
    expect(row.password_hash).toMatch(/^scrypt\$/)
    expect(row.password_hash).not.toContain(FIRST.password)

    // The signing secret is kept: a restart signs nobody out.
    const restarted = await testApp(config)
    const again2 = await restarted.inject({
      url: '/api/v1/models',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(again2.statusCode).toBe(200)
  })

  it('lets only one of two set-ups at once succeed', { timeout: 20_000 }, async () => {
    const app = await testApp({ ...testConfig(), authStore: true })
    const answers = await Promise.all(
      ['one', 'two', 'three'].map((username) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/admin/setup',
          payload: { username, password: 'long enough 1' },
        }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403, 403])
  })

  it('has nothing to set up without it, or with an auth file', async () => {
    for (const [overrides, reason] of [
      [{}, 'This server runs without authentication: there is nothing to set up (start it with --auth).'],
      [
        { authConfig: authFile(), authStore: true },
        'This server signs its users in from its auth file (--auth-config): there is nothing to set up.',
      ],
    ] as const) {
      const app = await testApp(overrides)
      expect((await app.inject('/api/v1/admin/setup/status')).json()).toMatchObject({ needs_setup: false })
      const refused = await app.inject({ method: 'POST', url: '/api/v1/admin/setup', payload: FIRST })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ detail: reason })
    }
  })

  it('is turned on by --auth or SERVING_CONSOLE_AUTH, and not in gateway mode', () => {
    const parsed = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const answer = parseCommandLine(argv, env)
      if (answer.help) throw new Error('expected a config')
      return answer.config
    }
    expect(parsed(['--auth']).authStore).toBe(true)
    expect(parsed([], { SERVING_CONSOLE_AUTH: '1' }).authStore).toBe(true)
    expect(parsed([], { SERVING_CONSOLE_AUTH: 'false' }).authStore).toBe(false)
    expect(parsed([]).authStore).toBe(false)
    expect(() => parsed([], { SERVING_CONSOLE_AUTH: 'maybe' })).toThrow(ConfigError)
    expect(() => parsed(['--auth', '--endpoint', 'http://10.0.0.5:9997'])).toThrow(
      /--auth\/--auth-config and --endpoint do not go together/,
    )
  })
})
