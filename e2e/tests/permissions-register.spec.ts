import { expect, test, type Page } from '@playwright/test'
import { USERS } from '../support/servers'

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('#/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: 'Launch Model', level: 1 })).toBeVisible()
}

test('Register Model is offered only as far as one’s rights go: disabled, saying which permission it needs', async ({
  page,
}) => {
  await signIn(page, USERS.viewer)
  // A direct link: the viewer (models:list only) sees the form, but cannot send it, and is told why.
  await page.goto('#/register_model/llm')
  const register = page
    .getByRole('form', { name: 'Register model' })
    .getByRole('button', { name: 'Register Model' })
  await expect(register).toBeDisabled()
  await expect(register).toHaveAccessibleDescription('Needs the models:register permission')
  await expect(page.getByText('Needs the models:register permission')).toBeVisible()
})
