import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqlite } from '../src/platform/db/sqlite.js'
import { postChat, testApp } from './helper.js'
import { as, CHAT, FIRST, makeKey, member, signedInUser, storeApp } from './store-helper.js'

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
      const own = await postChat(app, CHAT('tiny'), as(tiny.key))
      expect(own.statusCode).not.toBe(403)
      const other = await postChat(app, CHAT('tiny2'), as(tiny.key))
      expect(other.statusCode).toBe(403)
      expect(other.json()).toEqual({ detail: 'API key does not have access to model: tiny2' })
      const byPath = await app.inject({ url: '/api/v1/models/tiny2', headers: as(tiny.key) })
      expect(byPath.statusCode).toBe(403)
      // A key for a type reaches no model whose type is unknown (not running).
      const typed = await postChat(app, CHAT('tiny'), as(llm.key))
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
      const makerAuth = await signedInUser(app, admin, member('maker', ['keys:create', 'models:list']))
      await makeKey(app, admin, { name: 'admins' })
      // A key for someone else would act with their scopes: only an administrator names another owner; anyone
      // else's `owner` is ignored, as v3 ignores it, and the key is their own.
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
