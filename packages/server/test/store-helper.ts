import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { signIn, testApp, testConfig } from './helper.js'

/** The first administrator of the store-mode tests of users, keys, bans and the audit trail. */
export const FIRST = { username: 'first-admin', password: 'a long password 1' }
export const as = (token: string) => ({ authorization: `Bearer ${token}` })
/** A chat request naming `model`; its prompt must never reach the audit trail. */
export const CHAT = (model: string) => ({ model, messages: [{ role: 'user', content: 'the prompt itself' }] })

/** A store-mode platform with its first administrator signed in. */
export async function storeApp(config = { ...testConfig(), authStore: true }) {
  const app = await testApp(config)
  await app.inject({ method: 'POST', url: '/v1/admin/setup', payload: FIRST })
  return { app, config, admin: as(await signIn(app, FIRST)) }
}

/** A new API key, made through the API (201 expected). */
export async function makeKey(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
) {
  const made = await app.inject({ method: 'POST', url: '/v1/admin/keys', headers, payload })
  expect(made.statusCode, made.body).toBe(201)
  return made.json<{ id: number; key: string; prefix: string; name: string }>()
}

/** Creates `user` through the API; `headers`: those of an administrator or a user manager. */
export const createUser = (app: FastifyInstance, headers: Record<string, string>, user: object) =>
  app.inject({ method: 'POST', url: '/v1/admin/users', headers, payload: user })

/** A user of these tests: `username`, whose password is `<username> password 1`, with these permissions. */
export const member = (username: string, permissions: string[]) => ({
  username,
  password: `${username} password 1`,
  permissions,
})

/** A store-mode platform (see `storeApp`) whose administrator has created these users (201 expected). */
export async function storeWithUsers(...users: object[]) {
  const store = await storeApp()
  for (const user of users) {
    const made = await createUser(store.app, store.admin, user)
    expect(made.statusCode, made.body).toBe(201)
  }
  return store
}

/** Creates `user` as `admin` and signs it in: the headers of its requests. */
export async function signedInUser(
  app: FastifyInstance,
  admin: Record<string, string>,
  user: { username: string; password: string },
) {
  await createUser(app, admin, user)
  return as(await signIn(app, user))
}

/** Changes one's own password (PUT /v1/auth/password); `headers` say whose. */
export const changeOwnPassword = (
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: { current_password: string; new_password: string },
) => app.inject({ method: 'PUT', url: '/v1/auth/password', headers, payload })

/** Sets the password of user `id` (a reset); `headers`: those of an administrator or a user manager. */
export const resetPassword = (
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
  new_password: string,
) =>
  app.inject({
    method: 'PUT',
    url: `/v1/admin/users/${String(id)}/password`,
    headers,
    payload: { new_password },
  })
