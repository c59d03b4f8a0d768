import { expect, test, type Page } from '@playwright/test'
import { message } from '../support/messages'
import { launchThatFails } from '../support/models'

/*
 * The first screen is in the served HTML (the build prerenders it in each language; packages/console
 * app/shell/prerendered-shell.ts): the browser paints the navigation and the screen of the address opened (each
 * screen the navigation leads to) before any script file, in the person's language, and React then takes its place
 * without moving anything.
 */

/** Holds back every script file: what the page shows then is what the browser paints from the HTML alone. */
const holdBackScripts = (page: Page) => page.route(/\/assets\/.*\.js$/, (route) => route.abort())

for (const [browser, shown] of [
  ['en-US', 'en'],
  ['zh-CN', 'zh-CN'],
  ['ja-JP', 'ja'],
] as const) {
  test.describe(`with no script file run, from a ${browser} browser`, () => {
    test.use({ locale: browser })
    test(`the page shows the navigation and the Launch page in ${shown}`, async ({ page }) => {
      await holdBackScripts(page)
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
      await expect(page.locator('script[type="text/html"]')).toHaveCount(0)
    })

    for (const [address, heading, entry] of [
      ['#/running_models/LLM', 'running.title', 'shell.nav.runningModels'],
      ['#/register_model/llm', 'register.page.title', 'shell.nav.registerModel'],
      ['#/cluster_info', 'cluster.title', 'shell.nav.clusterInfo'],
      ['#/system/audit', 'shell.nav.audit', 'shell.nav.audit'],
    ] as const)
      test(`the page at ${address} shows that screen in ${shown}`, async ({ page }) => {
        await holdBackScripts(page)
        await page.goto(`/ui/${address}`)
        await expect(page.locator('#shell h1')).toHaveText(message(shown, heading))
        await expect(page.locator('#shell h1')).toBeVisible()
        await expect(page.locator('#shell .side-nav [aria-current="page"]')).toHaveText(message(shown, entry))
      })

    test(`the running models' loading row is in the page, under the grid's columns, or alone on a phone, in ${shown}`, async ({
      page,
    }) => {
      await holdBackScripts(page)
      await page.goto('/ui/#/running_models/LLM')
      const shell = page.locator('#shell')
      const loading = shell.getByText(message(shown, 'running.table.loading')).filter({ visible: true })
      // The grid's head (the header's tray says "Operations", which is "Actions" in some languages).
      const head = shell.locator('.running-loading-head')
      const columns = ['id', 'name', 'quantization', 'actions'].map((column) =>
        head.getByText(message(shown, `running.column.${column}`), { exact: true }),
      )
      await expect(loading).toHaveCount(1)
      for (const column of columns) await expect(column).toBeVisible()
      // One page for every width: the phone's cards have no columns (CSS chooses).
      await page.setViewportSize({ width: 390, height: 800 })
      await expect(loading).toHaveCount(1)
      for (const column of columns) await expect(column).toBeHidden()
    })
  })
}

for (const [address, shown] of [
  ['', (page: Page) => page.getByRole('listitem').first()],
  // The data grid, in its own chunk, takes the prerendered loading row's place.
  ['#/running_models/LLM', (page: Page) => page.getByRole('grid')],
  ['#/register_model/llm', (page: Page) => page.getByRole('textbox', { name: /Model Name/ })],
  // Its answer in: the log's rows, or the word that there are none (other tests may have written events or not).
  [
    '#/system/audit',
    (page: Page) =>
      page
        .getByRole('group', { name: message('en', 'system.audit.region') })
        .or(page.getByText(message('en', 'system.audit.empty'))),
  ],
] as const)
  test(`React takes the prerendered page’s place without a layout shift at /ui/${address}`, async ({
    page,
  }) => {
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
    await page.goto(`/ui/${address}`)
    await expect(shown(page)).toBeVisible()
    await expect(page.locator('#shell')).toHaveCount(0)
    await expect(page.locator('#root')).not.toHaveAttribute('hidden')
    const shifted = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    )
    expect(shifted).toBeLessThan(0.01)
  })

test('the needs-attention strip comes with the first screen, never pushing it down a moment later', async ({
  page,
  request,
}) => {
  // A failed launch: the strip says it on every screen.
  expect(await launchThatFails(request, '/api/v1/models', 'strip-first-paint')).toBe(503)
  try {
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // A phone, where the strip's lines push the most.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/ui/')
    await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText('strip-first-paint')
    await expect(page.getByRole('listitem').first()).toBeVisible()
    // Two frames more: a shift of the last one is reported by then.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    const shifted = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    )
    expect(shifted).toBeLessThan(0.01)
  } finally {
    await request.delete('/api/v1/models/strip-first-paint')
  }
})

test("at /ui/, the address a newcomer opens, the Launch page's catalogue is asked before React renders the frame", async ({
  page,
  context,
  baseURL,
}) => {
  // Whether the frame was in the page when the catalogue was asked: the request leaves from the console's first
  // module, beside its code, not once React has rendered the index's redirect to the Launch page. (A browser that
  // knows the server needs no sign-in asks it at once, not after the auth check's answer, which could come after
  // React's first render on a slow machine.)
  const { hostname } = new URL(baseURL ?? '')
  await context.addCookies([{ name: 'token', value: 'no_auth', domain: hostname, path: '/' }])
  await page.addInitScript(() => {
    const askedWith: boolean[] = []
    Object.assign(window, { askedWith })
    const fetch = window.fetch.bind(window)
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/v1/model_registrations/LLM'))
        askedWith.push(document.querySelector('#root .app-layout') !== null)
      return fetch(input, init)
    }
  })
  await page.goto('/ui/')
  await expect(page.getByRole('listitem').first()).toBeVisible()
  await expect(page).toHaveURL(/\/ui\/#\/launch_model\/llm$/)
  const askedWith = await page.evaluate(() => (window as unknown as { askedWith: boolean[] }).askedWith)
  expect(askedWith).toEqual([false])
})

test('an address with no prerendered screen shows its own screen, and never the Launch page', async ({
  page,
}) => {
  // Every heading the page ever holds, from its first parsed element on: the Launch page's prerendered copy, once
  // parsed into the page before the script that removed it, was painted at other addresses.
  await page.addInitScript(() => {
    const headings: string[] = []
    Object.assign(window, { headings })
    new MutationObserver(() => {
      for (const heading of document.querySelectorAll('h1')) headings.push(heading.textContent)
    }).observe(document, { childList: true, subtree: true })
  })
  // The page's inline scripts run (the server's policy admits them by hash): nothing refused, nothing failed.
  const errors: string[] = []
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text())
  })
  // Of each screen with tabs, the build prerenders the one the navigation leads to.
  await page.goto('/ui/#/running_models/image')
  await expect(page.getByRole('heading', { level: 1, name: 'Running Models' })).toBeVisible()
  await expect(page.locator('#shell')).toHaveCount(0)
  const headings = await page.evaluate(() => (window as unknown as { headings: string[] }).headings)
  expect(headings).toContain('Running Models')
  expect(headings).not.toContain('Launch Model')
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
