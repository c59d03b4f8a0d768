import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeJwt } from 'jose'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { loadAuthFile } from '../src/admin/auth/auth-file.js'
import { addressKey } from '../src/admin/auth/address-key.js'
import { SignInLimiter } from '../src/admin/auth/sign-in-limiter.js'
import { ConfigError } from '../src/config.js'
import { ADMIN, authFile, signIn, tempDir, testApp, VIEWER, VIEWER_KEY } from './helper.js'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('auth off (default)', () => {
  it('reports auth false and leaves every route open', async () => {
    const app = await testApp()
    expect((await app.inject('/api/v1/cluster/auth')).json()).toEqual({ auth: false })
    expect((await app.inject('/v1/cluster/info?detailed=true')).statusCode).toBe(200)
  })

  it('answers a sign-in with a clear 400', async () => {
    const app = await testApp()
    const response = await app.inject({ method: 'POST', url: '/token', payload: ADMIN })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ detail: string }>().detail).toMatch(/without authentication/)
  })
})

describe('sign-in', () => {
  it('issues a signed JWT with sub, scopes and exp', async () => {
    const app = await testApp({ authConfig: authFile() })
    expect((await app.inject('/api/v1/cluster/auth')).json()).toEqual({ auth: true })
    const response = await app.inject({ method: 'POST', url: '/token', payload: VIEWER })
    expect(response.statusCode).toBe(200)
    // A token is kept by no browser cache or proxy on the way.
    expect(response.headers['cache-control']).toBe('no-store')
    const { access_token, token_type } = response.json<{ access_token: string; token_type: string }>()
    expect(token_type).toBe('bearer')
    const claims = decodeJwt(access_token)
    expect(claims.sub).toBe('viewer')
    expect(claims.scopes).toEqual(['models:list'])
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 29 * 60)
  })

  it('refuses a wrong password or an unknown user with 401 {detail}', async () => {
    const app = await testApp({ authConfig: authFile() })
    for (const payload of [
      { ...ADMIN, password: 'wrong' },
      { username: 'nobody', password: 'x' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/token', payload })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: 'Incorrect username or password' })
    }
  })

  it('refuses an address after repeated failures with 429 and Retry-After, not others', async () => {
    const app = await testApp({ authConfig: authFile() })
    const attempt = (remoteAddress: string, password: string) =>
      app.inject({ method: 'POST', url: '/token', payload: { ...ADMIN, password }, remoteAddress })
    for (let i = 0; i < 5; i++) expect((await attempt('10.1.1.1', 'wrong')).statusCode).toBe(401)
    const refused = await attempt('10.1.1.1', ADMIN.password)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await attempt('10.1.1.2', ADMIN.password)).statusCode).toBe(200)
  })

  it('tells clients behind a trusted reverse proxy apart by X-Forwarded-For, and only a trusted one', async () => {
    const attempt = (app: FastifyInstance, client: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/token',
        payload: { ...ADMIN, password },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      })
    const behindProxy = await testApp({ authConfig: authFile(), trustProxy: ['loopback'] })
    for (let i = 0; i < 5; i++)
      expect((await attempt(behindProxy, '203.0.113.7', 'wrong')).statusCode).toBe(401)
    expect((await attempt(behindProxy, '203.0.113.7', ADMIN.password)).statusCode).toBe(429)
    expect((await attempt(behindProxy, '198.51.100.2', ADMIN.password)).statusCode).toBe(200)
    // Without --trust-proxy the header is anyone's claim: every client is the proxy's address.
    const direct = await testApp({ authConfig: authFile() })
    for (let i = 0; i < 5; i++) expect((await attempt(direct, '203.0.113.7', 'wrong')).statusCode).toBe(401)
    expect((await attempt(direct, '198.51.100.2', ADMIN.password)).statusCode).toBe(429)
  })

  it("never locks a user out through another name's failures, and the first wait is a second", async () => {
    const app = await testApp({ authConfig: authFile() })
    const attempt = (username: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/token',
        payload: { username, password },
        remoteAddress: '10.1.1.1',
      })
    for (let i = 0; i < 5; i++) expect((await attempt('nobody', 'guess')).statusCode).toBe(401)
    expect((await attempt(ADMIN.username, ADMIN.password)).statusCode).toBe(200)

    for (let i = 0; i < 5; i++) expect((await attempt(ADMIN.username, 'guess')).statusCode).toBe(401)
    const refused = await attempt(ADMIN.username, ADMIN.password)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
    // A refused try while waiting is not a failure: asking again until the wait ends lets the user in.
    await expect
      .poll(async () => (await attempt(ADMIN.username, ADMIN.password)).statusCode, { timeout: 5000 })
      .toBe(200)
  })
})

describe('tokens on API routes', () => {
  it('needs a token: 401 Not authenticated with WWW-Authenticate: Bearer', async () => {
    const app = await testApp({ authConfig: authFile() })
    const response = await app.inject('/v1/cluster/info?detailed=true')
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.json()).toEqual({ detail: 'Not authenticated' })
  })

  it('refuses a forged, malformed or foreign-signed token with 401', async () => {
    const app = await testApp({ authConfig: authFile() })
    const foreign = await testApp({ authConfig: authFile({ secret_key: 'another-secret-of-enough-length' }) })
    const tokens = ['garbage', 'a.b.c', await signIn(foreign, ADMIN)]
    for (const token of tokens) {
      const response = await app.inject({ url: '/v1/cluster/version', headers: bearer(token) })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: 'Could not validate credentials' })
      expect(response.headers['www-authenticate']).toBe('Bearer')
    }
  })

  it('refuses an expired token', async () => {
    // Two seconds: token times are whole seconds, so a one-second token may be a moment from its end when issued.
    const app = await testApp({ authConfig: authFile({ token_expire_in_minutes: 2 / 60 }) })
    const token = await signIn(app, ADMIN)
    const ask = () => app.inject({ url: '/v1/cluster/version', headers: bearer(token) })
    expect((await ask()).statusCode).toBe(200)
    await expect.poll(async () => (await ask()).statusCode, { timeout: 5000 }).toBe(401)
    expect((await ask()).json()).toEqual({ detail: 'Could not validate credentials' })
  })

  it('reads tokens only from the Authorization header, never from a cookie', async () => {
    const app = await testApp({ authConfig: authFile() })
    const token = await signIn(app, ADMIN)
    const response = await app.inject({ url: '/v1/cluster/version', headers: { cookie: `token=${token}` } })
    expect(response.statusCode).toBe(401)
  })

  it('gives 403 Not enough permissions to a valid user without the scope; admin passes', async () => {
    const app = await testApp({ authConfig: authFile() })
    const viewer = await signIn(app, VIEWER)
    expect((await app.inject({ url: '/api/v1/cluster/devices', headers: bearer(viewer) })).statusCode).toBe(
      200,
    )
    const denied = await app.inject({ url: '/v1/cluster/info?detailed=true', headers: bearer(viewer) })
    expect(denied.statusCode).toBe(403)
    expect(denied.json()).toEqual({ detail: 'Not enough permissions' })
    const admin = await signIn(app, ADMIN)
    expect(
      (await app.inject({ url: '/v1/cluster/info?detailed=true', headers: bearer(admin) })).statusCode,
    ).toBe(200)
  })

  it('accepts api keys as bearer tokens with their user’s scopes', async () => {
    const app = await testApp({ authConfig: authFile() })
    expect((await app.inject({ url: '/v1/cluster/devices', headers: bearer(VIEWER_KEY) })).statusCode).toBe(
      200,
    )
    expect((await app.inject({ url: '/v1/cluster/version', headers: bearer(VIEWER_KEY) })).statusCode).toBe(
      403,
    )
  })

  it('leaves the console files open', async () => {
    const app = await testApp({ authConfig: authFile() })
    expect((await app.inject('/ui/')).statusCode).toBe(200)
    expect((await app.inject('/ui/assets/index-abc123.js')).statusCode).toBe(200)
  })
})

describe('auth file', () => {
  const write = (content: string) => {
    const path = join(tempDir(), 'auth.json')
    writeFileSync(path, content)
    return path
  }

  it('names the problem of a malformed file', () => {
    expect(() => loadAuthFile(write('{nope'))).toThrow(/is not valid JSON/)
    expect(() => loadAuthFile(join(tempDir(), 'missing.json'))).toThrow(/cannot read --auth-config/)
    const badScope = JSON.stringify({
      auth_config: { algorithm: 'HS256', secret_key: 'x'.repeat(32), token_expire_in_minutes: 30 },
      user_config: [{ username: 'a', password: 'b', permissions: ['models:fly'], api_keys: [] }],
    })
    expect(() => loadAuthFile(write(badScope))).toThrow(/user_config\.0\.permissions\.0/)
    const noSecret = JSON.stringify({ auth_config: { token_expire_in_minutes: 30 }, user_config: [] })
    expect(() => loadAuthFile(write(noSecret))).toThrow(ConfigError)
  })

  it('stops the app from being built', async () => {
    await expect(testApp({ authConfig: write('[]') })).rejects.toThrow(ConfigError)
  })
})

describe('SignInLimiter', () => {
  it('backs off per user and address, doubling each wait, and forgets after a quiet while', () => {
    let now = 0
    const limiter = new SignInLimiter({
      perUser: { freeFailures: 2, baseDelayMs: 1000, maxDelayMs: 60_000 },
      forgetAfterMs: 60_000,
      now: () => now,
    })
    limiter.fail('admin', 'a')
    expect(limiter.retryAfter('admin', 'a')).toBe(0)
    limiter.fail('admin', 'a')
    expect(limiter.retryAfter('admin', 'a')).toBe(1)
    // Another user, or the same user elsewhere, is not slowed.
    expect(limiter.retryAfter('viewer', 'a')).toBe(0)
    expect(limiter.retryAfter('admin', 'b')).toBe(0)
    now = 1000
    expect(limiter.retryAfter('admin', 'a')).toBe(0)
    limiter.fail('admin', 'a')
    expect(limiter.retryAfter('admin', 'a')).toBe(2)
    limiter.fail('admin', 'a')
    expect(limiter.retryAfter('admin', 'a')).toBe(4)
    now += 60_000
    expect(limiter.retryAfter('admin', 'a')).toBe(0)
    limiter.fail('admin', 'a')
    expect(limiter.retryAfter('admin', 'a')).toBe(0)
  })

  it('keeps memory bounded', () => {
    const limiter = new SignInLimiter({ maxKeys: 3 })
    for (const name of ['b', 'c', 'd', 'e', 'f']) limiter.fail(name, 'a')
    expect(limiter.size).toBe(3)
  })

  it("never forgets a user's wait to make room for a flood of other names", () => {
    const now = 0
    const limiter = new SignInLimiter({ maxKeys: 100, now: () => now })
    for (let i = 0; i < 6; i++) limiter.fail('admin', '10.0.0.1')
    const wait = limiter.retryAfter('admin', '10.0.0.1')
    expect(wait).toBeGreaterThan(0)
    // 10,000 junk names from as many addresses (so no address tier slows them), a hundred times the table.
    for (let i = 0; i < 10_000; i++) limiter.fail(`junk-${i}`, `10.1.${i >> 8}.${i & 255}`)
    expect(limiter.size).toBe(100)
    expect(limiter.retryAfter('admin', '10.0.0.1')).toBe(wait)
  })

  it('slows a flood from one address under any names, and counts an IPv6 host by its /64', () => {
    const limiter = new SignInLimiter({
      perAddress: { freeFailures: 10, baseDelayMs: 1000, maxDelayMs: 60_000 },
    })
    for (let i = 0; i < 10; i++) limiter.fail(`junk-${i}`, '2001:db8:1:2::1')
    expect(limiter.retryAfter('a-new-name', '2001:db8:1:2:ffff::7')).toBe(1)
    expect(limiter.retryAfter('a-new-name', '2001:db8:1:3::1')).toBe(0)
    expect(limiter.retryAfter('a-new-name', '10.0.0.1')).toBe(0)
    // A success clears its user's record, never its address's.
    limiter.succeed('junk-0', '2001:db8:1:2::1')
    expect(limiter.retryAfter('junk-0', '2001:db8:1:2::1')).toBe(1)
  })

  it('names addresses as they are counted', () => {
    expect(addressKey('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('2001:0db8:0000:0000:1:2:3:4')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })

  it('once every key waits, makes room by forgetting the wait that ends soonest', () => {
    let now = 0
    const limiter = new SignInLimiter({
      perUser: { freeFailures: 1, baseDelayMs: 1000, maxDelayMs: 600_000 },
      maxKeys: 2,
      now: () => now,
    })
    for (let i = 0; i < 5; i++) limiter.fail('long', 'a')
    limiter.fail('short', 'b')
    now = 10
    limiter.fail('newcomer', 'c')
    expect(limiter.retryAfter('long', 'a')).toBe(16)
    expect(limiter.retryAfter('short', 'b')).toBe(0)
    expect(limiter.retryAfter('newcomer', 'c')).toBe(1)
  })
})
