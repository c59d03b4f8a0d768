import { expect, test, type Page } from '@playwright/test'
import { COLOUR_RULES, expectAccessible } from '../support/axe'
import { testServer } from '../support/servers'
import { api, runningTinyChat } from '../support/console-pages'

/*
 * axe-core over every screen state — each screen, the launch drawer, each dialog, Login, the chat page and the
 * error screen — in both colour schemes, in a desktop and a phone window. Any critical, serious or moderate
 * violation fails. At phone width no screen may scroll sideways. Each state is checked whole in the light scheme,
 * then switched to dark in place and checked for what a scheme can change (COLOUR_RULES): the page follows the
 * system's scheme as it changes, so a state is set up once for both.
 */

/** A server with auth on, for Login. */
const auth = testServer('auth')
const UID = 'a11y-chat'

// One running language model: its row, its log, its chat page.
runningTinyChat(UID)
test.beforeAll(async ({ request }) => {
  // Its chat page exists once asked for, as the row's Web UI button does.
  const ui = await request.post(api(`/api/v1/ui/${UID}`), {
    data: { model_type: 'LLM', model_name: 'tiny-chat' },
  })
  expect(ui.status()).toBe(200)
})

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

/** axe on the page as it is in both schemes, and at phone width no sideways scroll. */
async function check(page: Page, state: string) {
  await expectAccessible(page, state)
  await expectNoSidewaysScroll(page)
  await showScheme(page, 'dark')
  await expectAccessible(page, `${state}, dark`, COLOUR_RULES)
  await showScheme(page, 'light')
}

/** The system's scheme changed; the console follows it from a media listener, and its attribute says when it has. */
async function showScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme })
  const html = page.locator('html')
  if ((await html.getAttribute('data-color-scheme')) !== null)
    await expect(html).toHaveAttribute('data-color-scheme', scheme)
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 })

for (const width of [1280, 390]) {
  test.describe(`${width} px`, () => {
    test.use({ colorScheme: 'light', viewport: { width, height: width > 600 ? 900 : 844 } })

    test('Launch Model, its custom tab, the launch drawer and the cache dialog', async ({ page }) => {
      await page.goto('#/launch_model/llm')
      await expect(page.getByRole('listitem', { name: 'tiny-chat', exact: true })).toBeVisible()
      await check(page, 'Launch Model')

      await page.getByRole('listitem', { name: 'tiny-chat', exact: true }).click()
      const drawer = page.getByRole('dialog', { name: 'tiny-chat' })
      await expect(drawer.getByRole('combobox', { name: 'Model Engine' })).toBeVisible()
      await drawer.getByRole('button', { name: 'Optional Configurations' }).click()
      await check(page, 'the launch drawer')
      // LAUNCH is within reach: inside the window once scrolled to.
      const launch = drawer.getByRole('button', { name: 'Launch', exact: true })
      await launch.scrollIntoViewIfNeeded()
      const box = await launch.boundingBox()
      expect(box && box.x + box.width).toBeLessThanOrEqual(width)
      await drawer.getByRole('button', { name: 'Go Back' }).click()
      await expect(drawer).toBeHidden()

      await page
        .getByRole('listitem', { name: 'tiny-chat', exact: true })
        .getByLabel('Manage cached files')
        .click()
      const cache = page.getByRole('dialog', { name: 'tiny-chat cache' })
      await expect(cache.getByRole('row').nth(1)).toContainText('ggufv2')
      await check(page, 'the cache dialog')
      await page.keyboard.press('Escape')
      await expect(cache).toBeHidden()

      await page.goto('#/launch_model/custom/llm')
      await expect(page.getByText('No models here yet.')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Register a model' })).toHaveAttribute(
        'href',
        '#/register_model/llm',
      )
      await check(page, 'an empty custom tab')
    })

    test('Running Models with a model, its log, and an empty kind', async ({ page }) => {
      await page.goto('#/running_models/LLM')
      // A phone shows a card per model, a wider screen the grid's row.
      const row =
        width < 600
          ? page.getByRole('listitem', { name: UID, exact: true })
          : page.getByRole('grid').getByRole('row', { name: new RegExp(UID) })
      await expect(row).toBeVisible()
      await check(page, 'Running Models')

      await row.getByRole('button', { name: `Log of ${UID}` }).click()
      const log = page.getByRole('dialog', { name: `${UID} log` })
      await expect(log.getByLabel('Log lines')).toContainText('ready')
      await check(page, 'the log dialog')
      await log.getByRole('button', { name: 'Close' }).click()

      await page.getByRole('tab', { name: 'Image models' }).click()
      await expect(page.getByText('No Running Models', { exact: true })).toBeVisible()
      await check(page, 'no running models')
    })

    test('Register Model, empty and with its messages', async ({ page }) => {
      await page.goto('#/register_model/llm')
      const form = page.getByRole('form', { name: 'Register model' })
      await expect(form).toBeVisible()
      await check(page, 'Register Model')
      await form.getByLabel('Context Length').fill('0')
      await expect(form.getByText('Please enter an integer greater than 0.')).toBeVisible()
      await form.getByRole('button', { name: 'Register Model' }).click()
      await expect(page.getByText('Please fill in valid value for all fields')).toBeVisible()
      await check(page, 'Register Model with its messages')
    })

    test('Cluster Information', async ({ page }) => {
      await page.goto('#/cluster_info')
      await expect(page.getByRole('region', { name: 'Worker Details' })).toBeVisible()
      await check(page, 'Cluster Information')
    })

    test('the auth dialog and the error screen', async ({ page }) => {
      await page.goto('#/launch_model/llm')
      await expect(heading(page, 'Launch Model')).toBeVisible()
      await page.evaluate(() => {
        localStorage.setItem('authStatus', '403')
        window.dispatchEvent(new Event('auth-status'))
      })
      await expect(page.getByRole('dialog', { name: 'Permission Error' })).toBeVisible()
      await check(page, 'the auth dialog')
      await page.getByRole('button', { name: 'CONFIRMED' }).click()

      // A screen whose code cannot be had (a deploy mid-session): a fault the server cannot make.
      await page.route(/cluster-info-page-.*\.js$/, (route) => route.abort('connectionreset'))
      await page.goto('#/cluster_info')
      await expect(heading(page, 'Unexpected Application Error!')).toBeVisible()
      await check(page, 'the error screen')
    })

    test('the chat page', async ({ page }) => {
      await page.goto(api(`/${UID}`))
      await expect(page.getByRole('heading', { name: UID })).toBeVisible()
      await check(page, 'the chat page')
    })

    test('Login, and its failure', async ({ page }) => {
      await page.goto(`${auth.url}/ui/#/login`)
      await expect(page.getByRole('heading', { name: 'LOGIN' })).toBeVisible()
      await check(page, 'Login')
      await page.getByLabel('Username').fill('nobody')
      await page.getByLabel('Password').fill('not-the-password')
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page.getByRole('alert')).toContainText('Login failed')
      await check(page, 'Login with its error')
    })

    if (width < 600) {
      test('the navigation drawer', async ({ page }) => {
        await page.goto('#/cluster_info')
        const menu = page.getByRole('button', { name: 'Open the navigation' })
        await menu.click()
        const drawer = page.getByRole('dialog', { name: 'Navigation' })
        await expect(drawer.getByRole('link', { name: 'Register Model' })).toBeVisible()
        await check(page, 'the navigation drawer')
      })
    }
  })
}
