import { describe, expect, it } from 'vitest'
import {
  as,
  changeOwnPassword,
  FIRST,
  makeKey,
  member,
  resetPassword,
  storeApp,
  storeWithUsers,
} from './store-helper.js'

describe('one’s own password, and the forced change (v3’s must_change_password)', () => {
  it('wrong current passwords are slowed as wrong sign-ins are', { timeout: 60_000 }, async () => {
    const { app, admin } = await storeApp()
    const change = (current_password: string) =>
      changeOwnPassword(app, admin, { current_password, new_password: 'another password 1' })
    for (let i = 0; i < 5; i++) expect((await change(`guess ${String(i)}`)).statusCode).toBe(400)
    const slowed = await change('guess 5')
    expect(slowed.statusCode).toBe(429)
    expect(slowed.json<{ detail: string }>().detail).toMatch(
      /^Too many failed sign-ins; try again in \d+ s\.$/,
    )
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0)
  })

  it(
    'a reset user may do nothing but change it; then everything as before',
    { timeout: 60_000 },
    async () => {
      const { app, admin } = await storeWithUsers(member('alice', ['models:list']))
      await resetPassword(app, admin, 2, 'set by admin 1')
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

      const change = (payload: Parameters<typeof changeOwnPassword>[2]) =>
        changeOwnPassword(app, token, payload)
      expect((await change({ current_password: 'not it', new_password: 'alice password 2' })).json()).toEqual(
        { detail: 'The current password is not correct' },
      )
      expect((await change({ current_password: 'set by admin 1', new_password: 'short' })).statusCode).toBe(
        422,
      )
      const changed = await change({ current_password: 'set by admin 1', new_password: 'alice password 2' })
      expect(changed.headers['cache-control']).toBe('no-store')
      const fresh = changed.json<{ ok: boolean; access_token: string; refresh_token: string }>()
      expect(fresh).toMatchObject({
        ok: true,
        token_type: 'bearer',
        refresh_token: expect.any(String) as string,
      })
      // The new password ended every session, the one that changed it too; its answer is a new one.
      expect((await app.inject({ url: '/v1/models', headers: token })).statusCode).toBe(401)
      expect((await app.inject({ url: '/v1/models', headers: as(fresh.access_token) })).statusCode).toBe(200)
      const again = await app.inject({
        method: 'POST',
        url: '/token',
        payload: { username: 'alice', password: 'alice password 2' },
      })
      expect(again.json()).not.toHaveProperty('must_change_password')
      // A key may not change its owner's password.
      const key = await makeKey(app, admin, { name: 'k' })
      const byKey = await changeOwnPassword(app, as(key.key), {
        current_password: FIRST.password,
        new_password: 'new password 123',
      })
      expect(byKey.statusCode).toBe(403)
    },
  )
})
