import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { USERS } from './servers'

/** A model's card on Launch Model, by its name. */
export const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true })
/** Every card in sight (the grid renders only rows near the window). */
export const cards = (page: Page) => page.getByRole('list', { name: 'Models' }).getByRole('listitem')
/** The table of Running Models. */
export const grid = (page: Page) => page.getByRole('grid')
/** An address of the server the running test's project talks to. */
export const api = (path: string) => new URL(`..${path}`, test.info().project.use.baseURL).href

/** Terminates every running model: each test launches from nothing. */
export async function terminateAll(request: APIRequestContext) {
  const running = (await (await request.get(api('/api/v1/models'))).json()) as { data: { id: string }[] }
  for (const model of running.data) await request.delete(api(`/api/v1/models/${model.id}`))
}

/** A signed-in administrator's headers on the auth server (its USERS.admin), for set-up calls. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.post(api('/token'), { data: USERS.admin })
  return { Authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` }
}

/**
 * A running tiny-chat under `uid` for the tests of one file: launched before them (any left over terminated first),
 * terminated after. `headers` signs the calls in where the server has users.
 */
export function runningTinyChat(
  uid: string,
  headers: (request: APIRequestContext) => Promise<Record<string, string>> = async () => ({}),
) {
  test.beforeAll(async ({ request }) => {
    const signed = await headers(request)
    await request.delete(api(`/api/v1/models/${uid}`), { headers: signed })
    const launch = await request.post(api('/api/v1/models'), {
      headers: signed,
      data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: uid },
      timeout: 30_000,
    })
    expect(launch.status()).toBe(200)
  })
  test.afterAll(async ({ request }) => {
    await request.delete(api(`/api/v1/models/${uid}`), { headers: await headers(request) })
  })
}
