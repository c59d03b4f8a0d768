import { describe, expect, it } from 'vitest'
import { postChat, signIn, TINY_CHAT } from './helper.js'
import {
  as,
  CHAT,
  createUser,
  makeKey,
  member,
  resetPassword,
  signedInUser,
  storeApp,
  storeWithUsers,
} from './store-helper.js'

const MANAGER = member('manager', ['users:manage', 'models:list'])
const RUNNER = member('runner', ['models:list', 'models:start'])

describe('no scope widens itself', () => {
  it(
    'users:manage sets no password of a user holding a scope the manager lacks',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeWithUsers(MANAGER, RUNNER, member('lister', ['models:list']))
      const manager = as(await signIn(app, MANAGER))
      const reset = (id: number) => resetPassword(app, manager, id, 'taken over 1')
      const refused = await reset(3)
      expect([refused.statusCode, refused.json()]).toEqual([
        403,
        { detail: 'Cannot set the password of a user holding permissions you do not hold: models:start' },
      ])
      // The runner's password still works: nothing was changed.
      expect(await signIn(app, RUNNER)).toEqual(expect.any(String))
      expect((await reset(4)).json()).toEqual({ ok: true })
      // An administrator sets anyone's.
      const byAdmin = await resetPassword(app, admin, 3, 'set by admin 1')
      expect(byAdmin.statusCode).toBe(200)
    },
  )

  it('keys:manage makes no key for another user, to act with their scopes', { timeout: 30_000 }, async () => {
    const { app, admin } = await storeApp()
    const keeper = await signedInUser(app, admin, member('keeper', ['keys:manage', 'keys:create']))
    const key = await makeKey(app, keeper, { name: 'as the admin?', owner: 1 })
    const listed = await app.inject({ url: `/v1/admin/keys/${String(key.id)}`, headers: admin })
    expect(listed.json()).toMatchObject({ user_id: 2 })
    // It acts as its maker, who may not chat: not as the administrator, who may.
    const chat = await postChat(app, CHAT('any'), as(key.key))
    expect([chat.statusCode, chat.json()]).toEqual([403, { detail: 'Not enough permissions' }])
    // An administrator still makes keys for others.
    const given = await makeKey(app, admin, { name: 'for the keeper', owner: 2 })
    const theirs = await app.inject({ url: `/v1/admin/keys/${String(given.id)}`, headers: admin })
    expect(theirs.json()).toMatchObject({ user_id: 2 })
  })

  it('names differing only in case are one name', { timeout: 30_000 }, async () => {
    const { app, admin } = await storeApp()
    const create = (username: string) =>
      createUser(app, admin, { username, password: 'a password 123', permissions: ['models:list'] })
    expect((await create('Alice')).statusCode).toBe(201)
    const twin = await create('alice')
    expect([twin.statusCode, twin.json()]).toEqual([409, { detail: 'User already exists' }])
  })

  it('a key limited to some models lists only those', { timeout: 60_000 }, async () => {
    const { app, admin } = await storeApp()
    const launched = await app.inject({
      method: 'POST',
      url: '/v1/models',
      headers: admin,
      payload: { ...TINY_CHAT, model_uid: 'theirs' },
    })
    expect(launched.statusCode, launched.body).toBe(200)
    const keyFor = (name: string, permission: object) =>
      makeKey(app, admin, { name, model_permissions: [permission] })
    const other = await keyFor('another model', { permission_type: 'model_id', permission_value: 'mine' })
    const llms = await keyFor('every LLM', { permission_type: 'model_type', permission_value: 'LLM' })
    const uids = async (headers: Record<string, string>) => {
      const listed = await app.inject({ url: '/v1/models', headers })
      return listed.json<{ data: { id: string }[] }>().data.map((model) => model.id)
    }
    await expect.poll(async () => (await uids(admin)).length, { timeout: 10_000 }).toBe(1)
    expect(await uids(as(other.key))).toEqual([])
    expect(await uids(as(llms.key))).toEqual(['theirs'])
  })
})
