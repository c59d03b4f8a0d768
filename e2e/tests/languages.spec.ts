import { join } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { CHAT_PAGE_MESSAGES } from '../../packages/server/src/pages/page-messages'
import { message } from '../support/messages'
import { writeTinyModel } from '../support/models'
import { testServer } from '../support/servers'

/*
 * The console in the person's language: the first visit follows the browser, the header's menu switches at once
 * and is remembered, the chat page follows, and whole journeys work in Simplified Chinese. (English, SPEC's text,
 * is what every other spec checks.)
 */

const api = (path: string) => new URL(`..${path}`, test.info().project.use.baseURL).href
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

async function cleanUp(request: APIRequestContext) {
  const running = (await (await request.get(api('/api/v1/models'))).json()) as { data: { id: string }[] }
  for (const model of running.data) await request.delete(api(`/api/v1/models/${model.id}`))
  await request.delete(api('/api/v1/model_registrations/LLM/my-chinese-llm'))
}
test.beforeEach(async ({ request }) => cleanUp(request))
test.afterEach(async ({ request }) => cleanUp(request))

for (const [browser, shown] of [
  ['zh-CN', 'zh-CN'],
  ['zh-TW', 'zh-CN'],
  ['ja-JP', 'ja'],
  ['ko-KR', 'ko'],
  ['fr-FR', 'en'],
] as const) {
  test.describe(`a first visit from a ${browser} browser`, () => {
    test.use({ locale: browser })
    test(`is in ${shown}`, async ({ page }) => {
      await page.goto('#/launch_model/llm')
      await expect(heading(page, message(shown, 'launch.page.title'))).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', shown)
      const nav = page.getByRole('navigation', { name: message(shown, 'shell.nav.main') })
      await expect(nav.getByRole('link', { name: message(shown, 'shell.nav.runningModels') })).toBeVisible()
    })
  })
}

test('the header’s Language menu switches at once, without a reload, and is remembered', async ({ page }) => {
  await page.goto('#/register_model/llm')
  await page.getByLabel('Model Name').fill('kept-across-the-switch')
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))

  await page.getByRole('combobox', { name: 'Language', exact: true }).click()
  await page.getByRole('option', { name: '日本語' }).click()
  await expect(heading(page, message('ja', 'register.page.title'))).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  // The same page, its form as the user left it.
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  await expect(page.getByLabel(message('ja', 'register.field.name'))).toHaveValue('kept-across-the-switch')

  await page.reload()
  await expect(heading(page, message('ja', 'register.page.title'))).toBeVisible()
  await page.getByRole('combobox', { name: message('ja', 'common.language'), exact: true }).click()
  await page.getByRole('option', { name: 'English' }).click()
  await expect(heading(page, 'Register Model')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test.describe('in Simplified Chinese', () => {
  test.use({ locale: 'zh-CN' })
  const zh = (id: string, values?: Record<string, string>) => message('zh-CN', id, values)

  test('launch → Web UI chat → terminate', async ({ page }) => {
    await page.goto('#/launch_model/llm')
    await page.getByRole('listitem', { name: 'tiny-chat', exact: true }).click()
    await page.getByRole('button', { name: zh('launch.drawer.launch'), exact: true }).click()
    await expect(page).toHaveURL(/#\/running_models\/LLM$/, { timeout: 20_000 })
    await expect(heading(page, zh('running.title'))).toBeVisible()

    const row = page.getByRole('grid').getByRole('row', { name: /tiny-chat/ })
    const popup = page.waitForEvent('popup')
    await row.getByRole('button', { name: zh('running.action.webUi') }).click()
    const chat = await popup
    const words = CHAT_PAGE_MESSAGES['zh-CN']
    await expect(chat.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(chat.getByRole('link', { name: words.back })).toBeVisible()
    await chat.getByLabel(words.temperature).fill('0')
    await chat.getByLabel(words.maxTokens).fill('12')
    await chat.getByLabel(words.message, { exact: true }).fill('Hello')
    await chat.getByRole('button', { name: words.send }).click()
    await expect(chat.getByRole('log')).toContainText('their good selfkr set it airm07 came')
    await chat.close()

    await row.getByRole('button', { name: zh('running.action.terminate') }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: zh('common.confirm.yes') })
      .click()
    await expect(page.getByText(zh('running.empty'), { exact: true })).toBeVisible()
  })

  test('register → edit → delete a custom model', async ({ page }) => {
    const folder = join(testServer('open').dataDir, 'models', 'languages-e2e')
    writeTinyModel(folder, 'tiny-chat-q4.gguf', 'chat')
    await page.goto('#/register_model/llm')
    await expect(heading(page, zh('register.page.title'))).toBeVisible()
    await page.getByLabel(zh('register.field.name')).fill('my-chinese-llm')
    await page.getByRole('checkbox', { name: zh('launch.ability.chat') }).check()
    await page.getByRole('combobox', { name: zh('register.field.family') }).click()
    await page.getByRole('option', { name: 'qwen2.5-instruct' }).click()
    await page.getByRole('combobox', { name: zh('register.spec.format') }).click()
    await page.getByRole('option', { name: 'ggufv2' }).click()
    await page.getByLabel(zh('register.spec.ggufPath')).fill(join(folder, 'tiny-chat-q4.gguf'))
    // A new form has no size of its own: the file gives it.
    await page.getByRole('button', { name: zh('register.field.fillFromFile') }).click()
    await expect(page.getByLabel(zh('register.spec.size'))).not.toHaveValue('')
    const form = page.getByRole('form', { name: zh('register.form.label') })
    await form.getByRole('button', { name: zh('register.form.register') }).click()
    await expect(page).toHaveURL(/#\/launch_model\/custom\/llm$/)

    const card = page.getByRole('listitem', { name: 'my-chinese-llm', exact: true })
    await card.getByRole('button', { name: zh('launch.card.edit'), exact: true }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: zh('launch.customJson.edit') })
      .click()
    await expect(heading(page, zh('register.page.editTitle', { name: 'my-chinese-llm' }))).toBeVisible()
    await page.getByLabel(zh('register.field.description')).fill('用中文编辑')
    await form.getByRole('button', { name: zh('register.form.edit') }).click()
    await expect(page).toHaveURL(/#\/launch_model\/custom\/llm$/)
    await expect(card).toContainText('用中文编辑')

    await card.getByRole('button', { name: zh('launch.card.delete'), exact: true }).click()
    const confirm = page.getByRole('dialog', { name: zh('common.confirm.title') })
    await expect(confirm).toContainText(zh('launch.catalogue.confirmDeleteCustom'))
    await confirm.getByRole('button', { name: zh('common.confirm.yes') }).click()
    await expect(card).toBeHidden()
  })
})
