import { expect, test, type Page } from '@playwright/test'
import { USERS } from '../support/servers'

// A viewer (models:list only) may look at a model's launch form, but is not offered its launch.

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('without models:start, LAUNCH is disabled from the start and names the permission', async ({ page }) => {
  // Nothing the viewer may not read is asked for (a 403 would open the Auth status dialog over the drawer).
  const refused: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/cache/')) refused.push(request.url())
  })
  await page.goto('#/login')
  await signIn(page, USERS.viewer)
  await page.getByRole('textbox', { name: 'Search for model name and description' }).fill('tiny-chat')
  await page.getByRole('listitem', { name: 'tiny-chat', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'tiny-chat' })
  const launch = drawer.getByRole('button', { name: 'Launch', exact: true })
  // Complete as it opens (tiny-chat has one choice of each), yet not offered: before anything is filled.
  await expect(drawer.getByRole('combobox', { name: 'Quantization' })).toHaveText('f32')
  await expect(launch).toBeDisabled()
  await expect(launch).toHaveAccessibleDescription('Needs the models:start permission')
  await page.keyboard.press('Control+Enter')
  await expect(drawer).toBeVisible()
  await expect(page.getByRole('alert')).toBeHidden()
  expect(refused).toEqual([])
})
