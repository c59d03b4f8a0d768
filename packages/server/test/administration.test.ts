import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { AuditLog, parseTime } from '../src/audit/audit-log.js'
import { FailureBans } from '../src/auth/failure-bans.js'
import { openDatabase } from '../src/db/database.js'
import { openSqlite } from '../src/db/sqlite.js'
import { signIn, tempDir, testApp, testConfig } from './helper.js'

const FIRST = { username: 'first-admin', password: 'a long password 1' }
const anyNumber: unknown = expect.any(Number)
const as = (token: string) => ({ authorization: `Bearer ${token}` })
const CHAT = (model: string) => ({ model, messages: [{ role: 'user', content: 'the prompt itself' }] })

/** A store-mode platform with its first administrator signed in. */
async function storeApp(config = { ...testConfig(), authStore: true }) {
  const app = await testApp(config)
  await app.inject({ method: 'POST', url: '/v1/admin/setup', payload: FIRST })
  return { app, config, admin: as(await signIn(app, FIRST)) }
}

async function makeKey(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
) {
  const made = await app.inject({ method: 'POST', url: '/v1/admin/keys', headers, payload })
  expect(made.statusCode, made.body).toBe(201)
  return made.json<{ id: number; key: string; prefix: string; name: string }>()
}

describe('API keys (upstream v3’s /v1/admin/keys)', () => {
  it(
    'are made random, shown once, kept hashed, and reach only their models',
    { timeout: 30_000 },
    async () => {
      const { app, config, admin } = await storeApp()
      const plain = await makeKey(app, admin, { name: 'plain-key', description: 'no model restrictions' })
      expect(plain).toMatchObject({ id: 1, name: 'plain-key' })
      expect(plain.key).toMatch(/^xf-[A-Za-z0-9]{48}$/)
      expect(plain.prefix).toBe(plain.key.slice(0, 7))
      const tiny = await makeKey(app, admin, {
        name: 'tiny-only',
        model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny' }],
      })
      const llm = await makeKey(app, admin, {
        name: 'llm-only',
        model_permissions: [{ permission_type: 'model_type', permission_value: 'LLM' }],
      })

      // Listed as v3 lists them: never the key.
      const listed = await app.inject({ url: '/v1/admin/keys', headers: admin })
      expect(listed.json()).toMatchObject([
        {
          id: 1,
          user_id: 1,
          owner_username: FIRST.username,
          key_prefix: plain.prefix,
          name: 'plain-key',
          enabled: true,
          expires_at: null,
          model_permissions: [{ permission_type: 'all', permission_value: null }],
        },
        { id: 2, model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny' }] },
        { id: 3, model_permissions: [{ permission_type: 'model_type', permission_value: 'LLM' }] },
      ])
      for (const key of [plain, tiny, llm]) expect(listed.body).not.toContain(key.key)
      const reveal = await app.inject({ url: '/v1/admin/keys/1/reveal', headers: admin })
      expect(reveal.statusCode).toBe(409)
      expect(reveal.body).not.toContain(plain.key)

      // A key reaches models only: listing works, anything else is v3's 403.
      expect((await app.inject({ url: '/v1/models', headers: as(plain.key) })).statusCode).toBe(200)
      const info = await app.inject({ url: '/v1/cluster/info', headers: as(plain.key) })
      expect(info.statusCode).toBe(403)
      expect(info.json()).toEqual({ detail: 'API keys can only access model query and inference endpoints' })
      const keysByKey = await app.inject({ url: '/v1/admin/keys', headers: as(plain.key) })
      expect(keysByKey.statusCode).toBe(403)

      // Its own model passes the key's check (and meets the platform's answer for a model not running); any
      // other is refused before the model is looked for.
      const own = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: as(tiny.key),
        payload: CHAT('tiny'),
      })
      expect(own.statusCode).not.toBe(403)
      const other = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: as(tiny.key),
        payload: CHAT('tiny2'),
      })
      expect(other.statusCode).toBe(403)
      expect(other.json()).toEqual({ detail: 'API key does not have access to model: tiny2' })
      const byPath = await app.inject({ url: '/api/v1/models/tiny2', headers: as(tiny.key) })
      expect(byPath.statusCode).toBe(403)
      // A key for a type reaches no model whose type is unknown (not running).
      const typed = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: as(llm.key),
        payload: CHAT('tiny'),
      })
      expect(typed.statusCode).toBe(403)

      // Disabled: 401 with v3's words; enabled again: works; expired: 401; deleted: 401 and 404.
      await app.inject({
        method: 'PUT',
        url: '/v1/admin/keys/1',
        headers: admin,
        payload: { enabled: false },
      })
      const disabled = await app.inject({ url: '/v1/models', headers: as(plain.key) })
      expect([disabled.statusCode, disabled.json()]).toEqual([401, { detail: 'API key is disabled' }])
      await app.inject({ method: 'PUT', url: '/v1/admin/keys/1', headers: admin, payload: { enabled: true } })
      expect((await app.inject({ url: '/v1/models', headers: as(plain.key) })).statusCode).toBe(200)
      const renamed = await app.inject({
        method: 'PUT',
        url: '/v1/admin/keys/1',
        headers: admin,
        payload: { name: 'renamed', expires_at: '2000-01-01T00:00:00' },
      })
      expect(renamed.statusCode).toBe(200)
      expect((await app.inject({ url: '/v1/admin/keys/1', headers: admin })).json()).toMatchObject({
        name: 'renamed',
        expires_at: '2000-01-01T00:00:00',
      })
      const expired = await app.inject({ url: '/v1/models', headers: as(plain.key) })
      expect([expired.statusCode, expired.json()]).toEqual([401, { detail: 'API key has expired' }])
      expect(
        (await app.inject({ method: 'DELETE', url: '/v1/admin/keys/3', headers: admin })).statusCode,
      ).toBe(200)
      expect((await app.inject({ url: '/v1/admin/keys/3', headers: admin })).statusCode).toBe(404)
      const deleted = await app.inject({ url: '/v1/models', headers: as(llm.key) })
      expect([deleted.statusCode, deleted.json()]).toEqual([
        401,
        { detail: 'Could not validate credentials' },
      ])

      // Permissions on their own, as v3 has them.
      await app.inject({
        method: 'PUT',
        url: '/v1/admin/keys/2/permissions',
        headers: admin,
        payload: { model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny2' }] },
      })
      const permissions = await app.inject({ url: '/v1/admin/keys/2/permissions', headers: admin })
      expect(permissions.json()).toMatchObject({
        model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny2' }],
      })

      // Bounded input: a name too long, too many permissions, a date that is not one.
      const bad = [
        { name: 'x'.repeat(65) },
        { name: 'n', model_permissions: Array.from({ length: 33 }, () => ({ permission_type: 'all' })) },
        { name: 'n', expires_at: 'tomorrow' },
        { name: 'n', model_permissions: [{ permission_type: 'everything' }] },
      ]
      for (const payload of bad) {
        expect(
          (await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: admin, payload })).statusCode,
        ).toBe(422)
      }

      // Only hashes on disk.
      await app.close()
      const db = openSqlite(join(config.dataDir, 'platform.db'))
      const rows = db.all('SELECT key_hash FROM api_keys') as { key_hash: string }[]
      db.close()
      expect(rows.map((row) => row.key_hash)).toEqual([
        expect.stringMatching(/^[0-9a-f]{64}$/),
        expect.stringMatching(/^[0-9a-f]{64}$/),
      ])
    },
  )

  it(
    'with keys:create alone: one’s own keys, for oneself; keys:manage changes them',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeApp()
      const maker = {
        username: 'maker',
        password: 'maker password 1',
        permissions: ['keys:create', 'models:list'],
      }
      await app.inject({ method: 'POST', url: '/v1/admin/users', headers: admin, payload: maker })
      const makerAuth = as(await signIn(app, maker))
      await makeKey(app, admin, { name: 'admins' })
      const own = await makeKey(app, makerAuth, { name: 'makers', owner: 1 })
      const listed = await app.inject({ url: '/v1/admin/keys', headers: makerAuth })
      expect(listed.json()).toMatchObject([{ id: own.id, name: 'makers', user_id: 2 }])
      expect((await app.inject({ url: '/v1/admin/keys/1', headers: makerAuth })).statusCode).toBe(404)
      const change = await app.inject({
        method: 'PUT',
        url: `/v1/admin/keys/${own.id}`,
        headers: makerAuth,
        payload: { enabled: false },
      })
      expect(change.statusCode).toBe(403)
      // Removing a user removes their keys.
      await app.inject({ method: 'DELETE', url: '/v1/admin/users/2', headers: admin })
      expect((await app.inject({ url: '/v1/models', headers: as(own.key) })).statusCode).toBe(401)
    },
  )

  it('are not made without the store', async () => {
    const app = await testApp()
    const made = await app.inject({ method: 'POST', url: '/v1/admin/keys', payload: { name: 'k' } })
    expect(made.statusCode).toBe(400)
    expect(made.json<{ detail: string }>().detail).toContain('--auth')
  })
})

describe('failure limits and bans (upstream v3’s /v1/admin/security)', () => {
  it(
    'ban an address after failed authentications, and a key after refused uses; unban lifts them',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeApp()
      expect((await app.inject({ url: '/v1/admin/security/rate-limit', headers: admin })).json()).toEqual({
        ip: { max_failures: 10, window_seconds: 300, ban_seconds: 3600 },
        key: { max_failures: 5, window_seconds: 300, ban_seconds: 3600 },
      })
      const limits = {
        ip: { max_failures: 3, window_seconds: 60, ban_seconds: 120 },
        key: { max_failures: 3, window_seconds: 60, ban_seconds: 120 },
      }
      const put = await app.inject({
        method: 'PUT',
        url: '/v1/admin/security/rate-limit',
        headers: admin,
        payload: limits,
      })
      expect(put.json()).toEqual({ ok: true })
      const tooMany = { ...limits, ip: { ...limits.ip, max_failures: 0 } }
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/v1/admin/security/rate-limit',
            headers: admin,
            payload: tooMany,
          })
        ).statusCode,
      ).toBe(422)

      const other = '127.0.0.2'
      const from = (ip: string, headers: Record<string, string>) =>
        app.inject({ url: '/v1/models', headers, remoteAddress: ip })
      for (let i = 0; i < 3; i++) expect((await from(other, as('garbage'))).statusCode).toBe(401)
      const banned = await from(other, admin)
      expect([banned.statusCode, banned.json()]).toEqual([
        429,
        { detail: 'Too many failed attempts. IP temporarily banned.' },
      ])
      expect((await from('127.0.0.1', admin)).statusCode).toBe(200)
      const bans = (
        await app.inject({ url: '/v1/admin/security/banned-ips', headers: admin })
      ).json<unknown>()
      expect(bans).toEqual([{ ip: other, banned_until: anyNumber, remaining_seconds: 120 }])
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/v1/admin/security/unban-ip',
            headers: admin,
            payload: {},
          })
        ).json(),
      ).toEqual({ detail: 'ip required' })
      await app.inject({
        method: 'POST',
        url: '/v1/admin/security/unban-ip',
        headers: admin,
        payload: { ip: other },
      })
      expect((await from(other, admin)).statusCode).toBe(200)

      // A disabled key used three times: the (address, key) pair is banned, even once the key is enabled again.
      const key = await makeKey(app, admin, { name: 'k' })
      await app.inject({
        method: 'PUT',
        url: `/v1/admin/keys/${key.id}`,
        headers: admin,
        payload: { enabled: false },
      })
      for (let i = 0; i < 3; i++) expect((await from(other, as(key.key))).statusCode).toBe(401)
      await app.inject({
        method: 'PUT',
        url: `/v1/admin/keys/${key.id}`,
        headers: admin,
        payload: { enabled: true },
      })
      const keyBanned = await from(other, as(key.key))
      expect([keyBanned.statusCode, keyBanned.json()]).toEqual([
        429,
        { detail: 'Too many failed attempts for this key.' },
      ])
      expect((await from('127.0.0.3', as(key.key))).statusCode).toBe(200)
      expect((await app.inject({ url: '/v1/admin/security/banned-keys', headers: admin })).json()).toEqual([
        { ip: other, key_id: key.id, banned_until: anyNumber, remaining_seconds: 120 },
      ])
      expect((await app.inject({ url: `/v1/admin/keys/${key.id}/banned`, headers: admin })).json()).toEqual([
        { ip: other, banned_until: anyNumber, remaining_seconds: 120 },
      ])
      const all = await app.inject({
        method: 'POST',
        url: '/v1/admin/security/unban-all-keys',
        headers: admin,
      })
      expect(all.json()).toEqual({ unbanned: 1 })
      expect((await from(other, as(key.key))).statusCode).toBe(200)
    },
  )

  it('keep bounded memory and let a ban outlive a flood of new names', () => {
    let now = 0
    const bans = new FailureBans({ load: () => undefined, save: () => undefined }, () => now)
    bans.setConfig({
      ip: { max_failures: 1, window_seconds: 60, ban_seconds: 600 },
      key: { max_failures: 1, window_seconds: 60, ban_seconds: 600 },
    })
    bans.failIp('10.0.0.1')
    expect(bans.ipBan('10.0.0.1')).toBe(600)
    bans.setConfig({
      ip: { max_failures: 2, window_seconds: 60, ban_seconds: 600 },
      key: { max_failures: 2, window_seconds: 60, ban_seconds: 600 },
    })
    for (let i = 0; i < 20_000; i++) bans.failIp(`10.1.${String(i >> 8)}.${String(i & 255)}`)
    expect(bans.ipBan('10.0.0.1')).toBe(600)
    now = 601_000
    expect(bans.ipBan('10.0.0.1')).toBe(0)
  })
})

describe('the audit trail', () => {
  it(
    'records sign-ins, changes and refusals with who, where and what, never a secret or a prompt',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeApp()
      await app.inject({
        method: 'POST',
        url: '/token',
        payload: { ...FIRST, password: 'the wrong password' },
      })
      const key = await makeKey(app, admin, {
        name: 'tiny-only',
        model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny' }],
      })
      await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: as(key.key),
        payload: CHAT('tiny2'),
      })
      await app.inject({ url: '/v1/models', headers: admin }) // a read that passes: not recorded

      const search = await app.inject({ url: '/v1/audit/search?size=20', headers: admin })
      expect(search.statusCode).toBe(200)
      const { hits, total } = search.json<{ hits: Record<string, unknown>[]; total: number }>()
      expect(total).toBe(hits.length)
      expect(hits.map((hit) => [hit.category, hit.user, hit.endpoint, hit.status])).toEqual([
        ['inference', FIRST.username, '/v1/chat/completions', 'denied'],
        ['admin', FIRST.username, '/v1/admin/keys', 'success'],
        ['auth', FIRST.username, '/token', 'login_failed'],
        ['auth', FIRST.username, '/token', 'success'],
        ['admin', FIRST.username, '/v1/admin/setup', 'success'],
      ])
      expect(hits[0]).toMatchObject({
        auth_type: 'api_key',
        api_key_name: 'tiny-only',
        api_key_prefix: key.prefix,
        model_id: 'tiny2',
        http_status: 403,
        client_ip: '127.0.0.1',
      })
      const everything = JSON.stringify(hits)
      for (const secret of [FIRST.password, 'the wrong password', key.key, 'the prompt itself']) {
        expect(everything).not.toContain(secret)
      }

      // Filters as v3's, a CSV export, the filters' values.
      const filtered = await app.inject({
        url: '/v1/audit/search?category=auth&status=login_failed,denied',
        headers: admin,
      })
      expect(filtered.json()).toMatchObject({
        total: 1,
        hits: [{ endpoint: '/token', status: 'login_failed' }],
      })
      const byKey = await app.inject({
        url: '/api/v1/audit/search?api_key_name=TINY&model_id=tiny',
        headers: admin,
      })
      expect(byKey.json()).toMatchObject({ total: 1 })
      const later = await app.inject({
        url: '/v1/audit/search?time_from=now-1s&time_to=now-0s',
        headers: admin,
      })
      expect(later.statusCode).toBe(200)
      const old = await app.inject({ url: '/v1/audit/search?time_to=2000-01-01T00:00:00Z', headers: admin })
      expect(old.json()).toEqual({ hits: [], total: 0 })
      for (const query of ['size=abc', 'size=501', 'time_from=yesterday', `user=${'u'.repeat(257)}`]) {
        expect(
          (await app.inject({ url: `/v1/audit/search?${query}`, headers: admin })).statusCode,
          query,
        ).toBe(422)
      }
      const csv = await app.inject({ url: '/api/v1/audit/export?category=auth', headers: admin })
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-[\d-T]+\.csv"$/)
      const lines = csv.body.trimEnd().split('\r\n')
      expect(lines[0]).toBe(
        '@timestamp,category,auth_type,user,api_key_name,api_key_prefix,method,endpoint,model_id,model_name,model_type,status,http_status,latency_ms,client_ip',
      )
      expect(lines).toHaveLength(3)
      expect((await app.inject({ url: '/v1/audit/filter-options', headers: admin })).json()).toMatchObject({
        user: [FIRST.username],
        api_key_name: ['tiny-only'],
        model_id: ['tiny2'],
        client_ip: ['127.0.0.1'],
      })
      // Reading the trail is not recorded; a non-admin may not read it.
      expect(
        (await app.inject({ url: '/v1/audit/search', headers: admin })).json<{ total: number }>().total,
      ).toBe(total)
    },
  )

  it('keeps at most its bound, the newest, and writes CSV no spreadsheet runs as a formula', () => {
    const db = openDatabase(tempDir())
    const audit = new AuditLog(db, 10)
    const row = (user: string) => ({
      category: 'admin',
      auth_type: 'jwt',
      user,
      api_key_name: '',
      api_key_prefix: '',
      model_id: '',
      model_name: '',
      model_type: '',
      method: 'POST',
      endpoint: '/x',
      status: 'success',
      http_status: 200,
      latency_ms: 1,
      client_ip: '1.2.3.4',
    })
    for (let i = 0; i < 25; i++) audit.record(row(`user${String(i)}`))
    audit.prune()
    const found = audit.search({ size: 100 })
    expect('hits' in found && found.hits.map((hit) => hit.user)).toEqual(
      Array.from({ length: 10 }, (_, i) => `user${String(24 - i)}`),
    )
    audit.record(row('=HYPERLINK("http://evil")'))
    const csv = audit.csv({ user: 'hyperlink' })
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`)
    db.close()
  })

  it('reads v3’s time bounds', () => {
    expect(parseTime('now', 1_000_000)).toBe(1_000_000)
    expect(parseTime('now-15m', 1_000_000)).toBe(100_000)
    expect(parseTime('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1))
    expect(parseTime('next week')).toBeUndefined()
  })
})

describe('one’s own password, and the forced change (v3’s must_change_password)', () => {
  it(
    'a reset user may do nothing but change it; then everything as before',
    { timeout: 60_000 },
    async () => {
      const { app, admin } = await storeApp()
      const alice = { username: 'alice', password: 'alice password 1', permissions: ['models:list'] }
      await app.inject({ method: 'POST', url: '/v1/admin/users', headers: admin, payload: alice })
      await app.inject({
        method: 'PUT',
        url: '/v1/admin/users/2/password',
        headers: admin,
        payload: { new_password: 'set by admin 1' },
      })
      const signed = await app.inject({
        method: 'POST',
        url: '/token',
        payload: { username: 'alice', password: 'set by admin 1' },
      })
      expect(signed.json()).toMatchObject({ must_change_password: true })
      const token = as(signed.json<{ access_token: string }>().access_token)
      const models = await app.inject({ url: '/v1/models', headers: token })
      expect([models.statusCode, models.json()]).toEqual([
        403,
        { detail: 'Password change required before using this account.' },
      ])

      const change = (payload: Record<string, string>) =>
        app.inject({ method: 'PUT', url: '/v1/auth/password', headers: token, payload })
      expect((await change({ current_password: 'not it', new_password: 'alice password 2' })).json()).toEqual(
        { detail: 'The current password is not correct' },
      )
      expect((await change({ current_password: 'set by admin 1', new_password: 'short' })).statusCode).toBe(
        422,
      )
      expect(
        (await change({ current_password: 'set by admin 1', new_password: 'alice password 2' })).json(),
      ).toEqual({ ok: true })
      expect((await app.inject({ url: '/v1/models', headers: token })).statusCode).toBe(200)
      const again = await app.inject({
        method: 'POST',
        url: '/token',
        payload: { username: 'alice', password: 'alice password 2' },
      })
      expect(again.json()).not.toHaveProperty('must_change_password')
      // A key may not change its owner's password.
      const key = await makeKey(app, admin, { name: 'k' })
      const byKey = await app.inject({
        method: 'PUT',
        url: '/v1/auth/password',
        headers: as(key.key),
        payload: { current_password: FIRST.password, new_password: 'new password 123' },
      })
      expect(byKey.statusCode).toBe(403)
    },
  )
})
