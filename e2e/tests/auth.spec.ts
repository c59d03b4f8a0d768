import { expect, test, type Page, type Response } from '@playwright/test'
import { testServer, USERS } from '../support/servers'
import { message } from '../support/messages'

const expiry = testServer('expiry')
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

const cookieToken = (page: Page) =>
  page.evaluate(() => /(?:^|; )token=([^;]*)/.exec(document.cookie)?.[1] ?? null)
const sessionToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('token'))

test('a visitor without a token is sent to the LOGIN form', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await expect(page).toHaveURL(/#\/login$/)
  await expect(page.getByRole('heading', { name: 'LOGIN' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText('Serving Console')
  for (const path of ['#/register_model/llm', '#/cluster_info', '#/running_models/LLM']) {
    await page.goto(path)
    await expect(page).toHaveURL(/#\/login$/)
  }
})

test('a visitor whose auth check answers after the server’s features is sent to Login, not shown a sign-in error', async ({
  page,
}) => {
  // The auth check held back until the features have answered (as a busy machine may order them): the frame draws
  // the navigation meanwhile, and nothing it asks meanwhile says a refusal as the session's end.
  let featuresAnswered: () => void = () => undefined
  const features = new Promise<void>((done) => (featuresAnswered = done))
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/api/v1/console/features')) featuresAnswered()
  })
  await page.route(/\/api\/v1\/cluster\/auth$/, async (route) => {
    await features
    await route.continue()
  })
  await page.goto('#/launch_model/llm')
  await expect(page).toHaveURL(/#\/login$/)
  await expect(page.getByRole('heading', { name: 'LOGIN' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Authentication Error' })).toHaveCount(0)
})

test('username and password are required', async ({ page }) => {
  let signIns = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/token')) signIns += 1
  })
  await page.goto('#/login')
  await page.getByRole('button', { name: 'Sign In' }).click()
  expect(
    await page.getByLabel('Username').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
  ).toBe(true)
  await page.getByLabel('Username').fill('admin')
  await page.getByRole('button', { name: 'Sign In' }).click()
  expect(
    await page.getByLabel('Password').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
  ).toBe(true)
  expect(signIns).toBe(0)
})

test('a wrong password is said in the form, read out; the language can be chosen there', async ({ page }) => {
  await page.goto('#/login')
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Language' })).toBeVisible()
  await signIn(page, { username: 'admin', password: 'not-the-password' })
  await expect(page.getByRole('form', { name: 'LOGIN' }).getByRole('alert')).toHaveText(
    'Login failed: 401 - Incorrect username or password',
  )
  await expect(page).toHaveURL(/#\/login$/)
  // A failed sign-in is not a lost session: no auth dialog.
  await expect(page.getByRole('dialog')).toBeHidden()
  // The next sign-in succeeds: the failure is over, its toast with it.
  await signIn(page, USERS.admin)
  await expect(page.getByRole('heading', { name: 'Launch Model', level: 1 })).toBeVisible()
  await expect(page.getByRole('alert')).toBeHidden()
})

test('a sign-in that cannot reach the server says so in the words every screen uses', async ({ page }) => {
  await page.goto('#/login')
  await page.route('**/token', (route) => route.abort('connectionrefused'))
  await signIn(page, USERS.admin)
  await expect(page.getByRole('alert')).toHaveText(/^Cannot reach the server: /)
  // The typed credentials stay.
  await expect(page.getByLabel('Username')).toHaveValue(USERS.admin.username)
})

test('signing in leads to Launch Model with LOG OUT; LOG OUT clears the session', async ({ page }) => {
  await page.goto('#/login')
  await signIn(page, USERS.admin)
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  const token = await sessionToken(page)
  expect(token?.split('.')).toHaveLength(3)
  expect(await cookieToken(page)).toBe(token)

  await nav(page).getByRole('link', { name: 'Running Models' }).click()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Running Models' })).toBeVisible()
  // The header says who is signed in.
  await expect(page.getByText('Signed in as admin')).toBeAttached()

  await page.getByRole('button', { name: 'LOG OUT' }).click()
  await expect(page).toHaveURL(/#\/login$/)
  // The token is gone; the login screen marks the cookie as needing a sign-in (SPEC §4).
  await expect.poll(() => cookieToken(page)).toBe('need_auth')
  const left = await page.evaluate(() =>
    ['token', 'modelType', 'lastActiveUrl', 'runningModelType', 'registerModelType'].map((key) =>
      sessionStorage.getItem(key),
    ),
  )
  expect(left).toEqual([null, null, null, null, null])
  // History was replaced: Back does not return to a signed-in screen.
  await page.goBack()
  await expect(page).not.toHaveURL(/running_models/)
})

test('the cluster page works for an admin', async ({ page }) => {
  await page.goto('#/login')
  await signIn(page, USERS.admin)
  await nav(page).getByRole('link', { name: 'Cluster Information' }).click()
  await expect(
    page.getByRole('region', { name: 'Supervisor' }).getByRole('row', { name: /^Count 1$/ }),
  ).toBeVisible()
})

test('a user sees only the sections they may open; a direct link to another gets the 403 dialog and goes back', async ({
  page,
}) => {
  await page.goto('#/login')
  await signIn(page, USERS.viewer)
  // models:list only: no Register Model, no Cluster Information.
  await expect(nav(page).getByRole('link')).toHaveText(['Launch Model', 'Running Models', 'Contact Us'])
  await nav(page).getByRole('link', { name: 'Running Models' }).click()
  await page.goto('#/cluster_info')

  const dialog = page.getByRole('dialog', { name: 'Permission Error' })
  await expect(dialog).toContainText('You do not have permissions to do this!')
  // Beside SPEC's words, the permission the refused request needed.
  await expect(dialog).toHaveAccessibleDescription(/Needs the admin permission/)
  await expect(page).toHaveURL(/#\/running_models\/LLM$/)
  // 403 shows no toast (SPEC §6).
  await expect(page.getByRole('alert')).toBeHidden()
  await dialog.getByRole('button', { name: 'CONFIRMED' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/)
})

test('an expired token leads to the 401 dialog and back to /login', async ({ page }) => {
  test.setTimeout(45_000)
  await page.goto(`${expiry.url}/ui/#/login`)
  await signIn(page, USERS.admin)
  await nav(page).getByRole('link', { name: 'Cluster Information' }).click()
  await expect(page.getByRole('region', { name: 'Supervisor' })).toBeVisible()

  // Tokens of this server live 6 s; the 5 s refresh after that is refused.
  const dialog = page.getByRole('dialog', { name: 'Authentication Error' })
  await expect(dialog).toContainText('Invalid credentials! Please login.', { timeout: 20_000 })
  await expect(page.getByRole('alert')).toBeHidden()
  await dialog.getByRole('button', { name: 'CONFIRMED' }).click()
  await expect(page).toHaveURL(/#\/login$/)
  expect(await cookieToken(page)).toBeNull()

  await signIn(page, USERS.admin)
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
})

test('a session that ends under a half-filled form: signing in again in the dialog keeps the form and sends the request', async ({
  page,
}) => {
  test.setTimeout(45_000)
  await page.goto(`${expiry.url}/ui/#/login`)
  await signIn(page, USERS.admin)
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  await page.goto(`${expiry.url}/ui/#/register_model/embedding`)
  await page.getByLabel('Model Name').fill('half-filled-model')
  await page.getByRole('textbox', { name: 'Model Path', exact: true }).fill('/nowhere/model.gguf')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  const scrolled = await page.evaluate(() => window.scrollY)

  // Tokens of this server live 6 s: once this one's time is up, the next request meets a 401.
  const expires = await page.evaluate(() => {
    const payload = sessionStorage.getItem('token')?.split('.')[1] ?? ''
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number }).exp
  })
  await expect.poll(() => Date.now() / 1000, { timeout: 15_000 }).toBeGreaterThan(expires + 1)
  const fileInfo = (response: Response) => response.url().includes('/file_info')
  const refused = page.waitForResponse(fileInfo)
  await page.getByRole('button', { name: 'Fill from file' }).click()
  expect((await refused).status()).toBe(401)

  const dialog = page.getByRole('dialog', { name: 'Authentication Error' })
  await expect(dialog).toContainText('Invalid credentials! Please login.')
  await expect(dialog.getByRole('heading', { name: 'Session expired' })).toBeVisible()
  await expect(dialog.getByLabel('Username')).toHaveValue(USERS.admin.username)
  await dialog.getByLabel('Password').fill(USERS.admin.password)
  const retried = page.waitForResponse(fileInfo)
  await dialog.getByRole('button', { name: 'SIGN IN AGAIN' }).click()
  // The request that met the 401 is sent again with the new token, and answered (its path is no file).
  expect((await retried).status()).not.toBe(401)
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/#\/register_model\/embedding$/)
  await expect(page.getByLabel('Model Name')).toHaveValue('half-filled-model')
  await expect(page.getByRole('textbox', { name: 'Model Path', exact: true })).toHaveValue(
    '/nowhere/model.gguf',
  )
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
})

/** Signed in as the admin, then holding a token the server no longer accepts (as after a secret rotation). */
async function signInWithATokenGoneBad(page: Page) {
  await page.goto('#/login')
  await signIn(page, USERS.admin)
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  await page.evaluate(() => {
    sessionStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.forged-signature')
    document.cookie = 'token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.forged-signature; path=/'
  })
}

test('a 401 on the running-models list shows the auth dialog, not a toast', async ({ page }) => {
  await signInWithATokenGoneBad(page)
  await page.goto('#/running_models/LLM')
  await expect(page.getByRole('dialog', { name: 'Authentication Error' })).toBeVisible()
  await expect(page.getByText(/^Server error: 401/)).toHaveCount(0)
})

test('a page opened on a session that has ended asks for the password over it, and then shows itself', async ({
  page,
}) => {
  await signInWithATokenGoneBad(page)
  // A fresh load: the screen's first requests meet the 401 before the shell is up.
  await page.goto('#/running_models/LLM')
  await page.reload()
  const dialog = page.getByRole('dialog', { name: 'Authentication Error' })
  await expect(dialog.getByRole('heading', { name: 'Session expired' })).toBeVisible()
  await expect(dialog.getByLabel('Username')).toHaveValue('admin')
  await dialog.getByLabel('Password').fill(USERS.admin.password)
  await dialog.getByRole('button', { name: 'SIGN IN AGAIN' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/)
  await expect(page.getByRole('grid')).toContainText('No Running Models')
})

test.describe('in Simplified Chinese', () => {
  test.use({ locale: 'zh-CN' })
  const zh = (id: string, values?: Record<string, string>) => message('zh-CN', id, values)

  test('a wrong password is said in Chinese around the server’s words; the right one signs in', async ({
    page,
  }) => {
    await page.goto('#/login')
    await expect(page.getByRole('heading', { name: zh('shell.login.title') })).toBeVisible()
    await page.getByLabel(zh('shell.login.username')).fill(USERS.admin.username)
    await page.getByLabel(zh('shell.login.password')).fill('not the password')
    await page.getByRole('button', { name: zh('shell.login.signIn') }).click()
    // The framing is translated; the server's own detail is shown as sent.
    await expect(page.getByRole('alert')).toContainText(
      zh('shell.login.failed', { status: '401', detail: '' }),
    )
    await page.getByLabel(zh('shell.login.password')).fill(USERS.admin.password)
    await page.getByRole('button', { name: zh('shell.login.signIn') }).click()
    await expect(page).toHaveURL(/#\/launch_model\/llm$/)
    await expect(page.getByRole('button', { name: zh('shell.logOut') })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: zh('launch.page.title') })).toBeVisible()
  })
})
