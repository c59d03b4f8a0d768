import { expect, test, type Page } from '@playwright/test'
import { USERS } from '../support/servers'

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('#/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
}

test('a System page opened without its permission says which it takes, once, and asks the server nothing', async ({
  page,
}) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/audit/')) asked.push(request.url())
  })
  await signIn(page, USERS.viewer)
  await page.goto('#/system/audit')
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible()
  await expect(page.getByText('This page is not open to you')).toBeVisible()
  await expect(page.getByText('Needs the admin permission')).toHaveCount(1)
  // Not an error with a Retry that cannot help, and no Permission Error dialog over it.
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(asked).toEqual([])
})
