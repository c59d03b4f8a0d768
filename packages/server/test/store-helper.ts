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
