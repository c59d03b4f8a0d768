import { test, type APIRequestContext, type Page } from '@playwright/test'

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
