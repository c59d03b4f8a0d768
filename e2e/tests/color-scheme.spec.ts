import { expect, test, type Page } from '@playwright/test'

/** The background of each scheme, as lib/theme.ts sets it. */
const BACKGROUND = { light: 'rgb(246, 247, 251)', dark: 'rgb(15, 17, 23)' }

const scheme = (page: Page) => page.locator('html')
/** The page's background, asserted web-first: it follows the scheme once the stylesheet has switched. */
const body = (page: Page) => page.locator('body')
const choice = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'Colour scheme' }).getByRole('radio', { name })

test('follows the system by default, also when the system changes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('#/launch_model/llm')
  await expect(page.getByRole('heading', { name: 'Launch Model', level: 1 })).toBeVisible()
  await expect(scheme(page)).toHaveAttribute('data-color-scheme', 'dark')
  await expect(choice(page, 'As the system')).toHaveAttribute('aria-checked', 'true')
  await expect(body(page)).toHaveCSS('background-color', BACKGROUND.dark)

  await page.emulateMedia({ colorScheme: 'light' })
  await expect(scheme(page)).toHaveAttribute('data-color-scheme', 'light')
  await expect(body(page)).toHaveCSS('background-color', BACKGROUND.light)
})

test('the header’s choice overrides the system, is remembered, and can go back to the system', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('#/cluster_info')
  await choice(page, 'Dark').click()
  await expect(scheme(page)).toHaveAttribute('data-color-scheme', 'dark')
  expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBe('dark')

  await page.reload()
  await expect(choice(page, 'Dark')).toHaveAttribute('aria-checked', 'true')
  await expect(scheme(page)).toHaveAttribute('data-color-scheme', 'dark')
  // The system changing does not undo a choice.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(scheme(page)).toHaveAttribute('data-color-scheme', 'dark')

  // By keyboard: one stop, the arrows choose.
  await choice(page, 'Dark').focus()
  await page.keyboard.press('ArrowRight')
  await expect(choice(page, 'As the system')).toBeFocused()
  await expect(choice(page, 'As the system')).toHaveAttribute('aria-checked', 'true')
  await expect(scheme(page)).toHaveAttribute('data-color-scheme', 'light')
  expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBeNull()
})

test('a remembered scheme is there before the first paint, before any of the console’s code has run', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('#/launch_model/llm')
  await page.evaluate(() => localStorage.setItem('colorScheme', 'dark'))
  // The console's scripts are held back: what shows is the page and its stylesheet alone.
  await page.route(/\/assets\/[^/]+\.js$/, () => undefined)
  await page.reload({ waitUntil: 'commit' })
  await expect(body(page)).toHaveCSS('background-color', BACKGROUND.dark)
  expect(await page.evaluate(() => document.getElementById('root')?.childElementCount)).toBe(0)
  await expect(scheme(page)).toHaveAttribute('data-color-scheme', 'dark')
})
