import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectAccessible } from '../support/axe'

/*
 * The widget catalogue (packages/console/catalogue, built for these tests alone) against committed screenshots:
 * any change to how a widget looks shows in review as a changed image. The images are made by the Chromium CI
 * installs (Debian's); after an intended change, `npx playwright test widgets --update-snapshots` in e2e/ writes
 * them anew.
 */

const SCHEMES = ['light', 'dark'] as const

async function open(page: Page, scheme: (typeof SCHEMES)[number]) {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('./')
  await expect(page.getByRole('heading', { name: 'Widget catalogue' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme)
  await page.evaluate(() => document.fonts.ready)
}

const row = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** Focus as the keyboard gives it: the focus ring shows only then. */
async function keyboardFocus(target: Locator) {
  await target.focus()
  expect(await target.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
}

for (const scheme of SCHEMES) {
  test.describe(`${scheme} scheme`, () => {
    test('every widget in every state', async ({ page }) => {
      await open(page, scheme)
      await expect(page).toHaveScreenshot(`catalogue-${scheme}.png`, { fullPage: true })
    })

    test('hover and focus', async ({ page }) => {
      await open(page, scheme)
      const buttons = row(page, 'Button')
      await buttons.getByRole('button', { name: 'Cancel' }).hover()
      await keyboardFocus(buttons.getByRole('button', { name: 'Launch' }).first())
      await expect(buttons).toHaveScreenshot(`button-hover-focus-${scheme}.png`)

      const fields = row(page, 'Text field')
      await keyboardFocus(fields.getByRole('textbox', { name: 'Model UID (optional)' }))
      await page.keyboard.type('my-model')
      await expect(fields).toHaveScreenshot(`text-field-focus-${scheme}.png`)

      const checks = row(page, 'Checkbox and switch')
      await keyboardFocus(checks.getByRole('checkbox', { name: 'Chat' }))
      await expect(checks).toHaveScreenshot(`checkbox-focus-${scheme}.png`)

      const tabs = row(page, 'Tabs')
      await keyboardFocus(tabs.getByRole('tab', { name: 'Language Models' }))
      await page.keyboard.press('ArrowRight')
      await expect(tabs).toHaveScreenshot(`tabs-focus-${scheme}.png`)
    })

    test('open lists', async ({ page }) => {
      await open(page, scheme)
      const select = row(page, 'Select')
      await select.getByRole('combobox', { name: 'Model Engine' }).click()
      await expect(select.getByRole('listbox')).toBeVisible()
      await page.keyboard.press('ArrowDown')
      await expect(page).toHaveScreenshot(`select-open-${scheme}.png`, { clip: await below(select, 260) })
      await page.keyboard.press('Escape')

      const multi = row(page, 'Multi-select')
      await multi.getByRole('combobox', { name: 'Model Abilities' }).click()
      await expect(multi.getByRole('listbox')).toBeVisible()
      await expect(page).toHaveScreenshot(`multi-select-open-${scheme}.png`, {
        clip: await below(multi, 260),
      })
    })

    test('every control shows where the keyboard focus is', async ({ page }) => {
      // Two screenshots per control, some sixty controls.
      test.setTimeout(120_000)
      await open(page, scheme)
      const controls = page
        .getByRole('main')
        .locator('a[href], button:enabled, input:enabled, textarea:enabled, [tabindex="0"]')
        .filter({ visible: true })
      const count = await controls.count()
      expect(count).toBeGreaterThan(40)
      for (let index = 0; index < count; index++) {
        const control = controls.nth(index)
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
        await control.scrollIntoViewIfNeeded()
        const clip = await around(control, 6)
        const unfocused = await page.screenshot({ clip, caret: 'hide', animations: 'disabled' })
        await keyboardFocus(control)
        const focused = await page.screenshot({ clip, caret: 'hide', animations: 'disabled' })
        const name = await control.evaluate((element) => element.outerHTML.slice(0, 160))
        expect(focused.equals(unfocused), `no focus ring on ${name}`).toBe(false)
      }
    })

    test('passes axe, contrast included, in every state shown', async ({ page }) => {
      await open(page, scheme)
      await expectAccessible(page)
    })
  })
}

/** The row's box and `extra` pixels under it, where its open list hangs. */
async function below(target: Locator, extra: number) {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error('the row is not on screen')
  return { x: box.x, y: box.y, width: box.width, height: box.height + extra }
}

/** The control's box and `margin` pixels around it, where a focus ring is drawn. */
async function around(target: Locator, margin: number) {
  const box = await target.boundingBox()
  if (!box) throw new Error('the control is not on screen')
  return {
    x: Math.max(0, box.x - margin),
    y: Math.max(0, box.y - margin),
    width: box.width + 2 * margin,
    height: box.height + 2 * margin,
  }
}
