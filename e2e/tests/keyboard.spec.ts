import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

const api = (path: string) => new URL(`..${path}`, test.info().project.use.baseURL).href
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 })

async function terminateAll(request: APIRequestContext) {
  const running = (await (await request.get(api('/api/v1/models'))).json()) as { data: { id: string }[] }
  for (const model of running.data) await request.delete(api(`/api/v1/models/${model.id}`))
}
test.afterEach(async ({ request }) => terminateAll(request))

test('nav entries are links, and a screen opened from another takes the focus to its heading', async ({
  page,
}) => {
  await page.goto('#/launch_model/llm')
  await expect(heading(page, 'Launch Model')).toBeVisible()
  // The first screen leaves the focus where a page load puts it.
  await expect(heading(page, 'Launch Model')).not.toBeFocused()
  for (const [name, href] of [
    ['Launch Model', '#/launch_model/llm'],
    ['Running Models', '#/running_models/LLM'],
    ['Register Model', '#/register_model/llm'],
    ['Cluster Information', '#/cluster_info'],
  ] as const) {
    await expect(nav(page).getByRole('link', { name })).toHaveAttribute('href', href)
  }
  await nav(page).getByRole('link', { name: 'Running Models' }).press('Enter')
  await expect(heading(page, 'Running Models')).toBeFocused()
  await nav(page).getByRole('link', { name: 'Cluster Information' }).click()
  await expect(heading(page, 'Cluster Information')).toBeFocused()
})

test('a skip link is the first stop and leads past the navigation', async ({ page }) => {
  await page.goto('#/cluster_info')
  await expect(heading(page, 'Cluster Information')).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
  await expect(page).toHaveURL(/#\/cluster_info$/)
  // The next stop is in the screen, not the navigation.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
})

test('the whole launch flow by keyboard: search, card, drawer, Ctrl+Enter, terminate', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await expect(page.getByRole('listitem', { name: 'tiny-chat', exact: true })).toBeVisible()
  await page.keyboard.press('/')
  await page.keyboard.type('tiny-chat')
  const card = page.getByRole('listitem', { name: 'tiny-chat', exact: true })
  await expect(page.getByRole('list', { name: 'Models' }).getByRole('listitem')).toHaveCount(1)
  // Tab from the search to the card, past the filters.
  for (
    let stops = 0;
    stops < 10 && !(await card.evaluate((element) => element === document.activeElement));
    stops++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(card).toBeFocused()
  await page.keyboard.press('Enter')

  const drawer = page.getByRole('dialog', { name: 'tiny-chat' })
  await expect(drawer).toBeVisible()
  // The focus is in the drawer, on the drawer itself: Ctrl+Enter launches from there, no field needed.
  await expect.poll(() => drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(/#\/running_models\/LLM$/, { timeout: 20_000 })

  const row = page.getByRole('grid').getByRole('row', { name: /tiny-chat/ })
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Terminate' }).focus()
  await page.keyboard.press('Enter')
  // Terminate asks first; yes, by keyboard too.
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'yes' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('No Running Models', { exact: true })).toBeVisible()
})

test('below 600 px the navigation is a menu: Escape closes it and the focus returns to the button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('#/launch_model/llm')
  await expect(nav(page)).toBeHidden()
  const menu = page.getByRole('button', { name: 'Open the navigation' })
  await menu.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Navigation' })
  await expect(drawer.getByRole('link', { name: 'Register Model' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(menu).toBeFocused()

  // A link in it leads to its screen and closes it.
  await menu.click()
  await drawer.getByRole('link', { name: 'Cluster Information' }).click()
  await expect(heading(page, 'Cluster Information')).toBeVisible()
  await expect(drawer).toBeHidden()
})

test('at 600 px and wider the navigation is SPEC’s permanent one, with no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 })
  await page.goto('#/launch_model/llm')
  await expect(nav(page).getByRole('link', { name: 'Launch Model' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Open the navigation' })).toBeHidden()
  expect((await nav(page).boundingBox())?.width).toBe(287)
})
