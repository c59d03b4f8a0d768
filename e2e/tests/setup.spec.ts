import { expect, test } from '@playwright/test'
import { expectAccessible } from '../support/axe'

// A platform started with --auth and no user yet: its first visitor makes the first administrator.
const FIRST = { username: 'first-admin', password: 'a long password 1' }

test('the first visit makes the first administrator, signed in at once; the set-up then stays closed', async ({
  page,
}) => {
  await page.goto('#/launch_model/llm')
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible()
  await expectAccessible(page)

  const username = page.getByRole('textbox', { name: 'Username' })
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  const repeat = page.getByRole('textbox', { name: 'Repeat the password' })
  const create = page.getByRole('button', { name: 'Create and sign in' })
  await username.fill(FIRST.username)
  await password.fill('short')
  await repeat.fill('other')
  await create.click()
  await expect(password).toHaveAccessibleDescription('At least 8 characters.')
  await expect(repeat).toHaveAccessibleDescription('The two passwords differ.')

  await password.fill(FIRST.password)
  await repeat.fill(FIRST.password)
  await create.click()
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  await expect(page.getByRole('listitem', { name: 'tiny-chat', exact: true })).toBeVisible()

  // Signing out revokes the session's refresh token: it renews nothing afterwards.
  const refreshToken = await page.evaluate(() => sessionStorage.getItem('refreshToken'))
  expect(refreshToken).toMatch(/^[\w-]{43}$/)
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/v1/auth/logout'))
  await page.getByRole('button', { name: 'LOG OUT' }).click()
  expect((await loggedOut).status()).toBe(200)
  const renewal = await page.request.post(new URL('../v1/auth/refresh', page.url()).href, {
    data: { refresh_token: refreshToken },
  })
  expect(renewal.status()).toBe(401)

  // Closed for good: a second visitor meets the sign-in form, and the server refuses another set-up.
  const fresh = await page.context().browser()?.newPage({ baseURL: test.info().project.use.baseURL })
  if (!fresh) throw new Error('no browser')
  await fresh.goto('#/login')
  await expect(fresh.getByRole('heading', { name: 'LOGIN' })).toBeVisible()
  await expect(fresh.getByRole('heading', { name: 'Create the first administrator' })).toHaveCount(0)
  const again = await fresh.request.post(new URL('../api/v1/admin/setup', fresh.url()).href, {
    data: { username: 'second', password: 'another long one' },
  })
  expect(again.status()).toBe(403)
  await fresh.close()
})
