import { expect, test } from '@playwright/test'
import { message } from '../support/messages'

/*
 * The first screen is in the served HTML (the build prerenders it in each language; packages/console
 * app/shell/prerendered-shell.ts): the browser paints the navigation and the Launch page's heading before any
 * script, in the person's language, and React then takes its place without moving anything.
 */

for (const [browser, shown] of [
  ['en-US', 'en'],
  ['zh-CN', 'zh-CN'],
  ['ja-JP', 'ja'],
] as const) {
  test.describe(`with no script run, from a ${browser} browser`, () => {
    test.use({ locale: browser, javaScriptEnabled: false })
    test(`the page shows the navigation and the Launch page in ${shown}`, async ({ page }) => {
      await page.goto('/ui/')
      await expect(page.locator('html')).toHaveAttribute('lang', shown)
      // The prerendered copy is inert (nothing to operate until the console takes over): read as text.
      const nav = page.locator('#shell .side-nav')
      await expect(nav).toHaveAttribute('aria-label', message(shown, 'shell.nav.main'))
      for (const entry of ['launchModel', 'runningModels', 'registerModel', 'clusterInfo'])
        await expect(nav.getByText(message(shown, `shell.nav.${entry}`), { exact: true })).toBeVisible()
      await expect(page.locator('#shell h1')).toHaveText(message(shown, 'launch.page.title'))
      await expect(page.locator('#shell h1')).toBeVisible()
      await expect(
        page.locator('#shell').getByText(message(shown, 'launch.catalogue.loading')),
      ).toBeAttached()
    })
  })
}

test('React takes the prerendered page’s place without a layout shift', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/ui/')
  await expect(page.getByRole('listitem').first()).toBeVisible()
  await expect(page.locator('#shell')).toHaveCount(0)
  await expect(page.locator('#root')).not.toHaveAttribute('hidden')
  const shifted = await page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
  )
  expect(shifted).toBeLessThan(0.01)
})

test('another address than the prerendered one shows its own screen, not the Launch page', async ({
  page,
}) => {
  // The page's inline scripts run (the server's policy admits them by hash): nothing refused, nothing failed.
  const errors: string[] = []
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text())
  })
  await page.goto('/ui/#/cluster_info')
  await expect(page.getByRole('heading', { level: 1, name: 'Cluster Information' })).toBeVisible()
  await expect(page.locator('#shell')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Launch Model' })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('the language chosen in the console is the language of the page the server sends next', async ({
  page,
}) => {
  await page.goto('/ui/#/launch_model/llm')
  // The prerendered copy's controls do nothing: the console's, once its cards are shown.
  await expect(page.getByRole('listitem').first()).toBeVisible()
  await page.getByRole('combobox', { name: 'Language', exact: true }).click()
  await page.getByRole('option', { name: '한국어' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
  const next = await page.request.get('/ui/')
  expect(await next.text()).toContain('<html lang="ko">')
})
