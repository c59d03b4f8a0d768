import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeJwt, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { TOKEN_SECRET_FILE } from '../src/admin/auth/token-secret.js'
import { openSqlite } from '../src/platform/db/sqlite.js'
import { openDatabase } from '../src/platform/db/database.js'
import { UserStore } from '../src/admin/auth/user-store.js'
import { afterThisTest, tempDir } from './helper.js'
import {
  as,
  changeOwnPassword,
  createUser,
  FIRST,
  member,
  resetPassword,
  storeApp,
  storeWithUsers,
} from './store-helper.js'

interface Tokens {
  access_token: string
  refresh_token: string
}

const signInFully = async (app: FastifyInstance, user: { username: string; password: string }) => {
  const answer = await app.inject({ method: 'POST', url: '/token', payload: user })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<Tokens>()
}
const models = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/v1/models', headers: as(token) }).then((answer) => answer.statusCode)
const refresh = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: token } })

const ALICE = member('alice', ['models:list'])

describe(
  'sessions of the user store end when they should, access and refresh tokens alike',
  { timeout: 30_000 },
  () => {
    it('a new password ends every other session of the user, refresh tokens included', async () => {
      const { app } = await storeWithUsers(ALICE)
      const stolen = await signInFully(app, ALICE)
      const own = await signInFully(app, ALICE)
      const changed = await changeOwnPassword(app, as(own.access_token), {
        current_password: ALICE.password,
        new_password: 'alice password 2',
      })
      expect(changed.statusCode).toBe(200)
      expect(await models(app, stolen.access_token)).toBe(401)
      expect((await refresh(app, stolen.refresh_token)).statusCode).toBe(401)
      expect(await models(app, changed.json<Tokens>().access_token)).toBe(200)
    })

    it('a reset, disabling and logout everywhere end them at once', async () => {
      const { app, admin } = await storeWithUsers(ALICE)
      let session = await signInFully(app, ALICE)
      await resetPassword(app, admin, 2, 'set by admin 1')
      expect(await models(app, session.access_token)).toBe(401)
      expect((await refresh(app, session.refresh_token)).statusCode).toBe(401)

      session = await signInFully(app, { username: 'alice', password: 'set by admin 1' })
      await changeOwnPassword(app, as(session.access_token), {
        current_password: 'set by admin 1',
        new_password: ALICE.password,
      })
      const one = await signInFully(app, ALICE)
      const two = await signInFully(app, ALICE)
      const everywhere = await app.inject({
        method: 'POST',
        url: '/v1/auth/logout-all',
        headers: as(one.access_token),
      })
      expect(everywhere.json()).toEqual({ ok: true })
      for (const ended of [one, two]) {
        expect(await models(app, ended.access_token)).toBe(401)
        expect((await refresh(app, ended.refresh_token)).statusCode).toBe(401)
      }

      const three = await signInFully(app, ALICE)
      await app.inject({
        method: 'PUT',
        url: '/v1/admin/users/2',
        headers: admin,
        payload: { enabled: false },
      })
      await app.inject({
        method: 'PUT',
        url: '/v1/admin/users/2',
        headers: admin,
        payload: { enabled: true },
      })
      // Enabled again, the user signs in again: the sessions of before stay ended.
      expect(await models(app, three.access_token)).toBe(401)
      expect((await refresh(app, three.refresh_token)).statusCode).toBe(401)
    })

    it('a spent refresh token used again ends its session, for the thief and the owner alike', async () => {
      const { app, config } = await storeApp()
      const session = await signInFully(app, FIRST)
      const thief = (await refresh(app, session.refresh_token)).json<Tokens>()
      // At once (two tabs of one sign-in renewing together): refused, and the session goes on.
      expect((await refresh(app, session.refresh_token)).statusCode).toBe(401)
      expect(await models(app, thief.access_token)).toBe(200)
      // Later: one of its two holders is a thief, and the session ends for both.
      const db = openSqlite(join(config.dataDir, 'platform.db'))
      db.run('UPDATE refresh_tokens SET spent_at = spent_at - 60000 WHERE spent_at IS NOT NULL')
      db.close()
      expect((await refresh(app, session.refresh_token)).statusCode).toBe(401)
      expect(await models(app, thief.access_token)).toBe(401)
      expect((await refresh(app, thief.refresh_token)).statusCode).toBe(401)
    })

    it('a removed user’s token is not a new user’s of the same name', async () => {
      const { app, admin } = await storeWithUsers(ALICE)
      const old = await signInFully(app, ALICE)
      await app.inject({ method: 'DELETE', url: '/v1/admin/users/2', headers: admin })
      await createUser(app, admin, ALICE)
      expect(await models(app, old.access_token)).toBe(401)
    })

    it('a sign-in or change whose check overlapped a reset opens nothing', async () => {
      const db = openDatabase(tempDir())
      afterThisTest(() => db.close())
      const store = new UserStore(db)
      const admin = await store.setup('first-admin', 'a long password 1')
      const checked = await store.checkPassword('first-admin', 'a long password 1')
      expect(admin && checked).toBeTruthy()
      if (!admin || !checked) return
      // The reset lands while the sign-in's scrypt runs: its check passed against the old password.
      await store.resetPassword(admin.id, 'set by another admin 1')
      expect(store.openSession(admin.id, checked.credential)).toBeNull()
      expect(await store.setOwnPassword(admin.id, 'chosen by the thief 1', checked.credential)).toBeNull()
      expect(await store.checkPassword('first-admin', 'set by another admin 1')).toMatchObject({
        must_change_password: true,
      })
    })

    it('no token lives past the server’s lifetime, whatever it claims', async () => {
      const { app, config } = await storeApp()
      const session = await signInFully(app, FIRST)
      const claims = decodeJwt(session.access_token)
      const secret = new TextEncoder().encode(
        readFileSync(join(config.dataDir, TOKEN_SECRET_FILE), 'utf8').trim(),
      )
      const now = Math.floor(Date.now() / 1000)
      const forged = (issuedAt: number | undefined, expires: number) => {
        let jwt = new SignJWT({ scopes: ['admin'], uid: claims['uid'], sid: claims['sid'] })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(FIRST.username)
          .setExpirationTime(expires)
        if (issuedAt !== undefined) jwt = jwt.setIssuedAt(issuedAt)
        return jwt.sign(secret)
      }
      // Signed with the right secret in a live session: the claims alone decide.
      expect(await models(app, await forged(now, now + 600))).toBe(200)
      expect(await models(app, await forged(now - 2 * 3600, now + 10 * 365 * 86_400))).toBe(401)
      // Without an `iat` (upstream's classic tokens have none), `exp` alone is held to the lifetime.
      expect(await models(app, await forged(undefined, now + 600))).toBe(200)
      expect(await models(app, await forged(undefined, now + 10 * 365 * 86_400))).toBe(401)
      expect(await models(app, await forged(now + 3600, now + 7200))).toBe(401)
    })
  },
)
