import { expect, test, type Page } from '@playwright/test'
import { CHAT_PAGE_MESSAGES, MISSING_PAGE_MESSAGES } from '../../packages/server/src/pages/page-messages'
import { api, runningTinyChat } from '../support/console-pages'

/*
 * The chat page at a model's own address: there for every running language model (no Launch Web UI needed first),
 * a page that says why for any other address, and its layout in every language.
 */

const UID = 'chat-page-e2e'

runningTinyChat(UID)

const chooseLanguage = (page: Page, locale: string) =>
  page.evaluate((value) => localStorage.setItem('language', value), locale)

test('a running model’s address is its chat page, its buttons on one line in every language', async ({
  page,
}) => {
  // Never created with Launch Web UI: a bookmark, or the address after a relaunch.
  await page.goto(api(`/${UID}`))
  await expect(page.getByRole('heading', { name: UID, level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(`${UID} · Serving Console`)
  // It leads to the model's playground in the console (compare it with another, benchmark it).
  await page.getByRole('link', { name: CHAT_PAGE_MESSAGES.en.playground }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Playground: ${UID}` })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: UID, level: 1 })).toBeVisible()

  for (const locale of ['en', 'zh-CN', 'ja', 'ko'] as const) {
    await chooseLanguage(page, locale)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      const words = CHAT_PAGE_MESSAGES[locale]
      const message = await page.getByLabel(words.message, { exact: true }).boundingBox()
      for (const name of [words.send, words.clear]) {
        const box = await page.getByRole('button', { name, exact: true }).boundingBox()
        const where = `${locale} ${name} at ${width} px`
        // One line of text: no taller than the message box beside it, wider than tall, and within the window.
        expect(box?.height, where).toBeLessThanOrEqual((message?.height ?? 0) + 1)
        expect(box?.width ?? 0, where).toBeGreaterThan(box?.height ?? 0)
        expect((box?.x ?? 0) + (box?.width ?? 0), where).toBeLessThanOrEqual(width)
      }
    }
  }
})

test('an address with no chat page says why in the console’s language, and leads to Running Models', async ({
  page,
}) => {
  await page.goto('#/running_models/LLM')
  await chooseLanguage(page, 'zh-CN')
  await page.goto(api('/no-such-model'))
  const words = MISSING_PAGE_MESSAGES['zh-CN']
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page).toHaveTitle(words.title)
  await expect(page.getByRole('heading', { name: words.title, level: 1 })).toBeVisible()
  await expect(page.getByText(/no-such-model/)).toBeVisible()
  await page.getByRole('link', { name: words.running }).click()
  await expect(page).toHaveURL(/\/ui\/#\/running_models\/LLM$/)
  await expect(page.getByRole('grid').getByRole('row', { name: new RegExp(UID) })).toBeVisible()
})
