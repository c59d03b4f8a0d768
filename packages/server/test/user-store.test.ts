import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../src/admin/auth/passwords.js'
import { ConfigError, parseCommandLine } from '../src/config.js'
import { openSqlite } from '../src/platform/db/sqlite.js'
import { authFile, signIn, testApp, testConfig } from './helper.js'
import { as, createUser, FIRST, resetPassword, storeApp } from './store-helper.js'

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

describe('user management (upstream v3’s /v1/admin/users)', () => {
  it('lists, creates, disables, resets and deletes users, as v3 guards it', { timeout: 60_000 }, async () => {
    const { app, admin } = await storeApp()

    const viewer = { username: 'viewer', password: 'viewer password 1', permissions: ['models:list'] }
    const made = await createUser(app, admin, viewer)
    expect(made.statusCode).toBe(201)
    expect(made.json()).toEqual({ id: 2, username: 'viewer' })
    expect((await createUser(app, admin, viewer)).statusCode).toBe(409)
    expect((await createUser(app, admin, { ...viewer, username: 'x', password: 'short' })).statusCode).toBe(
      422,
    )
    expect(
      (await createUser(app, admin, { ...viewer, username: 'y', permissions: ['root'] })).statusCode,
    ).toBe(422)
    const listed = await app.inject({ url: '/api/v1/admin/users', headers: admin })
    expect(listed.json()).toMatchObject([
      { id: 1, username: FIRST.username, source: 'local', enabled: true, permissions: ['admin'] },
      { id: 2, username: 'viewer', enabled: true, must_change_password: false, permissions: ['models:list'] },
    ])
    expect(listed.body).not.toContain('scrypt')
    expect((await app.inject({ url: '/v1/admin/users/99', headers: admin })).statusCode).toBe(404)

    // A viewer may not manage users; a manager may, within what they hold, and never over an administrator.
    const viewerToken = as(await signIn(app, viewer))
    expect((await app.inject({ url: '/v1/admin/users', headers: viewerToken })).statusCode).toBe(403)
    const manager = {
      username: 'manager',
      password: 'manager password 1',
      permissions: ['users:manage', 'models:list'],
    }
    expect((await createUser(app, admin, manager)).statusCode).toBe(201)
    const managerToken = as(await signIn(app, manager))
    expect((await createUser(app, managerToken, { ...viewer, username: 'helper' })).statusCode).toBe(201)
    const escalation = await createUser(app, managerToken, {
      ...viewer,
      username: 'boss',
      permissions: ['admin'],
    })
    expect(escalation.statusCode).toBe(403)
    expect(escalation.json()).toEqual({ detail: 'Cannot grant permissions you do not hold: admin' })
    const takeover = await app.inject({ method: 'DELETE', url: '/v1/admin/users/1', headers: managerToken })
    expect(takeover.statusCode).toBe(403)

    // Disabled: its tokens stop working at once, and it cannot sign in.
    const disabled = await app.inject({
      method: 'PUT',
      url: '/v1/admin/users/2',
      headers: admin,
      payload: { enabled: false },
    })
    expect(disabled.json()).toEqual({ ok: true })
    expect((await app.inject({ url: '/api/v1/models', headers: viewerToken })).statusCode).toBe(401)
    expect((await app.inject({ method: 'POST', url: '/token', payload: viewer })).statusCode).toBe(401)
    await app.inject({ method: 'PUT', url: '/v1/admin/users/2', headers: admin, payload: { enabled: true } })

    // A password set by an administrator is to be changed at the next sign-in.
    const reset = await resetPassword(app, admin, 2, 'chosen by the admin')
    expect(reset.json()).toEqual({ ok: true })
    const signedIn = await app.inject({
      method: 'POST',
      url: '/token',
      payload: { username: 'viewer', password: 'chosen by the admin' },
    })
    expect(signedIn.json()).toMatchObject({ must_change_password: true })

    // Never without an enabled administrator.
    for (const change of [
      { method: 'DELETE' as const, url: '/v1/admin/users/1' },
      { method: 'PUT' as const, url: '/v1/admin/users/1', payload: { enabled: false } },
      { method: 'PUT' as const, url: '/v1/admin/users/1', payload: { permissions: ['models:list'] } },
    ]) {
      const refused = await app.inject({ ...change, headers: admin })
      expect(refused.statusCode, JSON.stringify(change)).toBe(400)
      expect(refused.json()).toEqual({
        detail: 'This would leave no enabled administrator: make another one first',
      })
    }
    expect((await app.inject({ method: 'DELETE', url: '/v1/admin/users/2', headers: admin })).json()).toEqual(
      { ok: true },
    )
    expect((await app.inject({ url: '/v1/admin/users/2', headers: admin })).statusCode).toBe(404)
  })

  it('says where users are managed without the store', async () => {
    const app = await testApp()
    const answer = await app.inject('/api/v1/admin/users')
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      detail: 'This server runs without authentication: it has no users (start it with --auth).',
    })
  })
})

describe('refresh tokens of the user store (upstream v3’s /v1/auth/refresh and /logout)', () => {
  const refresh = (app: Awaited<ReturnType<typeof testApp>>, token: string) =>
    app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: token } })

  it(
    'renews once per token, and not after logout or once the user is disabled',
    { timeout: 30_000 },
    async () => {
      const app = await testApp({ ...testConfig(), authStore: true })
      await app.inject({ method: 'POST', url: '/v1/admin/setup', payload: FIRST })
      const signedIn = (await app.inject({ method: 'POST', url: '/token', payload: FIRST })).json<{
        access_token: string
        refresh_token: string
      }>()
      expect(signedIn.refresh_token).toMatch(/^[\w-]{22}\.[\w-]{43}$/)
      const renewed = await refresh(app, signedIn.refresh_token)
      expect(renewed.statusCode).toBe(200)
      const next = renewed.json<{ access_token: string; refresh_token: string }>()
      const models = await app.inject({
        url: '/api/v1/models',
        headers: { authorization: `Bearer ${next.access_token}` },
      })
      expect(models.statusCode).toBe(200)
      // Spent: the old one is refused; the new one works once.
      const spent = await refresh(app, signedIn.refresh_token)
      expect(spent.statusCode).toBe(401)
      expect(spent.json()).toEqual({ detail: 'Invalid or expired refresh token' })

      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/v1/auth/logout',
            payload: { refresh_token: next.refresh_token },
          })
        ).json(),
      ).toEqual({ ok: true })
      expect((await refresh(app, next.refresh_token)).statusCode).toBe(401)
      // Logout ends the session: its access token too, not an hour later.
      const ended = await app.inject({
        url: '/api/v1/models',
        headers: { authorization: `Bearer ${next.access_token}` },
      })
      expect(ended.statusCode).toBe(401)

      // A user disabled by an administrator loses every refresh token at once.
      const admin = { authorization: `Bearer ${await signIn(app, FIRST)}` }
      const viewer = { username: 'viewer', password: 'viewer password 1', permissions: ['models:list'] }
      await createUser(app, admin, viewer)
      const viewerTokens = (await app.inject({ method: 'POST', url: '/token', payload: viewer })).json<{
        refresh_token: string
      }>()
      await app.inject({
        method: 'PUT',
        url: '/v1/admin/users/2',
        headers: admin,
        payload: { enabled: false },
      })
      expect((await refresh(app, viewerTokens.refresh_token)).statusCode).toBe(401)
    },
  )

  it('issues none from an auth file', async () => {
    const app = await testApp({ authConfig: authFile() })
    const signedIn = await app.inject({
      method: 'POST',
      url: '/token',
      payload: { username: 'admin', password: 'admin-password-1' },
    })
    expect(signedIn.json()).not.toHaveProperty('refresh_token')
    const answer = await refresh(app, 'anything')
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({ detail: 'This server issues no refresh tokens' })
  })
})
