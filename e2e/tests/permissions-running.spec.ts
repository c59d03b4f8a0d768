import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { USERS } from '../support/servers'
import { adminHeaders, runningTinyChat } from '../support/console-pages'

/*
 * Running Models offers each action only as far as the signed-in user's rights go: the auth server's viewer holds
 * models:list alone, so sees the models but may neither stop them (models:stop) nor open their chat page or log
 * (models:read). Each such action stays in its place, disabled, with the reason in sight and as its description.
 */

const UID = 'viewer-sees-e2e'

runningTinyChat(UID, adminHeaders)

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('#/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/#\/login$/)
}

test('a viewer sees the running models, and why Terminate, Stop all, Web UI and Log are not offered', async ({
  page,
}) => {
  await signIn(page, USERS.viewer)
  await page.goto('#/running_models/LLM')
  const row = page.getByRole('grid').getByRole('row', { name: new RegExp(UID) })
  await expect(row).toBeVisible()

  const stopReason =
    "Terminate, Stop all, and a launch's Cancel and Dismiss: Needs the models:stop permission"
  const readReason = 'Launch Web UI and Log: Needs the models:read permission'
  await expect(page.getByText(stopReason)).toBeVisible()
  await expect(page.getByText(readReason)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Stop all/ })).toBeDisabled()
  await expect(page.getByRole('button', { name: /^Stop all/ })).toHaveAccessibleDescription(stopReason)

  const terminate = row.getByRole('button', { name: `Terminate ${UID}` })
  await expect(terminate).toHaveAttribute('aria-disabled', 'true')
  await expect(terminate).toHaveAccessibleDescription(stopReason)
  // Still reached by the keyboard, so the reason is heard; pressing it asks nothing and stops nothing.
  await terminate.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeHidden()
  for (const name of ['Launch Web UI', `Log of ${UID}`]) {
    await expect(row.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true')
    await expect(row.getByRole('button', { name })).toHaveAccessibleDescription(readReason)
  }
  await expectAccessible(page, 'Running Models for a viewer')
  // What a viewer may do stays offered: how to use the model.
  await expect(row.getByRole('button', { name: `Usage of ${UID} and how to use it` })).toBeEnabled()
})

test('an administrator is offered every action', async ({ page }) => {
  await signIn(page, USERS.admin)
  await page.goto('#/running_models/LLM')
  const row = page.getByRole('grid').getByRole('row', { name: new RegExp(UID) })
  for (const name of ['Launch Web UI', `Log of ${UID}`, `Terminate ${UID}`]) {
    await expect(row.getByRole('button', { name })).not.toHaveAttribute('aria-disabled')
  }
  await expect(page.getByText(/Needs the models:/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Stop all/ })).toBeEnabled()
})
