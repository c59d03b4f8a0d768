import { expect, test, type Page } from '@playwright/test'
import { CHAT_PAGE_MESSAGES } from '../../packages/server/src/pages/page-messages'
import { USERS } from '../support/servers'
import { adminHeaders, api, runningTinyChat } from '../support/console-pages'

/*
 * The chat page keeps the console tab's session (session storage, per tab), not the shared cookie that another
 * tab's Login rewrites, and asks to sign in on the page when it has no session or its token is refused.
 */

const UID = 'chat-session-e2e'
const words = CHAT_PAGE_MESSAGES.en
/** What the tiny model answers to "Hello" at temperature 0 (as running-models.spec.ts reads it). */
const REPLY = 'their good selfkr set it airm07 came'

runningTinyChat(UID, adminHeaders)

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

async function ask(chat: Page) {
  await chat.getByLabel(words.temperature).fill('0')
  await chat.getByLabel(words.maxTokens).fill('12')
  await chat.getByLabel(words.message, { exact: true }).fill('Hello')
  await chat.getByRole('button', { name: words.send }).click()
}

test('Launch Web UI chats as the console tab, whatever another tab’s Login does to the cookie', async ({
  page,
  context,
}) => {
  await page.goto('#/login')
  await signIn(page, USERS.admin)
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  await page.goto('#/running_models/LLM')
  const popup = page.waitForEvent('popup')
  await page
    .getByRole('grid')
    .getByRole('row', { name: new RegExp(UID) })
    .getByRole('button', { name: 'Launch Web UI' })
    .click()
  const chat = await popup
  await expect(chat.getByRole('heading', { name: UID, level: 1 })).toBeVisible()

  // Another tab (a middle-clicked link) has no session of its own: its Login rewrites the shared cookie.
  const other = await context.newPage()
  await other.goto('#/launch_model/llm')
  await expect(other.getByRole('heading', { name: 'LOGIN' })).toBeVisible()
  await expect.poll(() => other.evaluate(() => document.cookie)).toContain('token=need_auth')

  await ask(chat)
  await expect(chat.getByRole('log')).toContainText(REPLY)
  // The console tab's refresh token is not this tab's to spend (none here: an auth file gives none; the page
  // keeps none it did not get itself).
  expect(await chat.evaluate(() => sessionStorage.getItem('refreshToken'))).toBeNull()

  // A refused token (expired, or its session ended): sign in on the page, the question kept to send again.
  await chat.evaluate(() => sessionStorage.setItem('token', 'no-longer-valid'))
  await chat.getByLabel(words.message, { exact: true }).fill('Hello')
  await chat.getByRole('button', { name: words.send }).click()
  await expect(chat.getByText(words.sessionEnded)).toBeVisible()
  await expect(chat.getByLabel(words.username)).toBeFocused()
  await signIn(chat, USERS.admin)
  await expect(chat.getByLabel(words.message, { exact: true })).toHaveValue('Hello')
  await chat.getByRole('button', { name: words.send }).click()
  await expect(chat.getByRole('log')).toContainText(REPLY)
})

test('the chat page opened without a session asks to sign in, and says why a sign-in failed', async ({
  page,
}) => {
  await page.goto(api(`/${UID}`))
  await expect(page.getByText(words.signInToChat)).toBeVisible()
  await expect(page.getByRole('log')).toBeHidden()
  await signIn(page, { username: USERS.admin.username, password: 'not-the-password' })
  await expect(page.getByRole('alert')).toHaveText('Login failed: 401 - Incorrect username or password')
  await signIn(page, USERS.admin)
  await ask(page)
  await expect(page.getByRole('log')).toContainText(REPLY)
  // Back to the console in this tab: signed in there too, one session.
  await page.getByRole('link', { name: words.back }).click()
  // The console's first load in this tab.
  await expect(page.getByRole('heading', { name: 'Running Models', level: 1 })).toBeVisible({
    timeout: 15_000,
  })
})
