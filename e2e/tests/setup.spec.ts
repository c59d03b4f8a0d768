import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from '../support/axe'

// A platform started with --auth and no user yet: its first visitor makes the first administrator.
const FIRST = { username: 'first-admin', password: 'a long password 1' }

test('the first visit makes the first administrator, signed in at once; the set-up then stays closed', async ({
  page,
}) => {
  await page.goto('#/launch_model/llm')
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible()
  // The language can be chosen before anyone exists to sign in.
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Language' })).toBeVisible()
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
  // The session's id and 32 random bytes (user-store.ts).
  expect(refreshToken).toMatch(/^[\w-]{22}\.[\w-]{43}$/)
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

// The administration journey, on the same server, after its first administrator was made above.
const OPERATOR = { username: 'operator', password: 'operator password 1' }
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('#/login')
  await page.getByRole('textbox', { name: 'Username' }).fill(user.username)
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'LOG OUT' }).click()
  await expect(page).toHaveURL(/#\/login$/)
}

test('an administrator makes a user, who makes a key for one model; the key works there only, until deleted; the audit shows each step', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const api = (path: string) => new URL(`..${path}`, page.url()).href
  await signIn(page, FIRST)
  const adminToken = await page.evaluate(() => sessionStorage.getItem('token'))
  const asAdmin = { authorization: `Bearer ${String(adminToken)}` }
  // Two models to tell apart, launched as the administrator.
  for (const uid of ['journey-a', 'journey-b']) {
    const launched = await request.post(api('/api/v1/models'), {
      headers: asAdmin,
      data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: uid },
    })
    expect(launched.status(), await launched.text()).toBe(200)
  }

  // The System group, for an administrator: all four pages.
  const system = nav(page).getByRole('group', { name: 'System' })
  for (const name of ['Users', 'API Keys', 'Security', 'Audit']) {
    await expect(system.getByRole('link', { name })).toBeVisible()
  }
  await system.getByRole('link', { name: 'Users' }).click()
  await expect(page).toHaveURL(/#\/system\/users$/)
  await page.getByRole('button', { name: 'Create user' }).click()
  const create = page.getByRole('dialog', { name: 'Create user' })
  await create.getByRole('textbox', { name: 'Username' }).fill(OPERATOR.username)
  await create.getByRole('textbox', { name: 'Password' }).fill(OPERATOR.password)
  await create.getByRole('checkbox', { name: 'models:read' }).check()
  await create.getByRole('checkbox', { name: 'keys:create' }).check()
  await expectAccessible(page)
  await create.getByRole('button', { name: 'Create', exact: true }).click()
  await expect(create).toBeHidden()
  const row = page.getByRole('row', { name: new RegExp(OPERATOR.username) })
  await expect(row).toContainText('models:list')
  await expect(row).toContainText('keys:create')
  // The only administrator is offered neither Delete nor Disable of their own account, and is told why (the
  // server refuses both too).
  const own = page.getByRole('row', { name: new RegExp(FIRST.username) })
  const deleteOwn = own.getByRole('button', { name: `Delete ${FIRST.username}` })
  await expect(deleteOwn).toBeDisabled()
  await expect(deleteOwn).toHaveAccessibleDescription(/last administrator cannot be disabled or deleted/)
  await expect(own.getByRole('switch')).toBeDisabled()
  await expectAccessible(page)

  // The new user sees only what they may open.
  await logOut(page)
  await signIn(page, OPERATOR)
  await expect(nav(page).getByRole('link', { name: 'Launch Model' })).toBeVisible()
  await expect(nav(page).getByRole('link', { name: 'API Keys' })).toBeVisible()
  for (const name of ['Register Model', 'Cluster Information', 'Users', 'Security', 'Audit']) {
    await expect(nav(page).getByRole('link', { name })).toHaveCount(0)
  }

  // A key for one model, shown once.
  await nav(page).getByRole('link', { name: 'API Keys' }).click()
  await page.getByRole('button', { name: 'Create key' }).click()
  const keyForm = page.getByRole('dialog', { name: 'Create API key' })
  await keyForm.getByRole('textbox', { name: 'Name' }).fill('journey-key')
  await keyForm.getByRole('combobox', { name: 'Models it reaches' }).click()
  await page.getByRole('option', { name: 'One model', exact: true }).click()
  await keyForm.getByRole('textbox', { name: 'Model ID' }).fill('journey-a')
  await keyForm.getByRole('button', { name: 'Create', exact: true }).click()
  const shown = page.getByRole('dialog', { name: 'API key created' })
  await expect(shown).toContainText('will not be shown again')
  const key = (await shown.locator('code').textContent()) ?? ''
  expect(key).toMatch(/^xf-[A-Za-z0-9]{48}$/)
  await expectAccessible(page)
  await shown.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('row', { name: /journey-key/ })).toContainText('Model: journey-a')
  await expect(page.getByRole('row', { name: /journey-key/ })).not.toContainText(key)

  // The key works for its model, is refused for another, and for anything but models.
  const asKey = { authorization: `Bearer ${key}` }
  const chat = (model: string) =>
    request.post(api('/v1/chat/completions'), {
      headers: asKey,
      data: { model, messages: [{ role: 'user', content: 'Say hello' }], max_tokens: 4 },
    })
  const allowed = await chat('journey-a')
  expect(allowed.status(), await allowed.text()).toBe(200)
  const refused = await chat('journey-b')
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toEqual({ detail: 'API key does not have access to model: journey-b' })
  const info = await request.get(api('/v1/cluster/info'), { headers: asKey })
  expect(info.status()).toBe(403)
  await info.body()

  // The administrator deletes it: the key stops at once.
  await logOut(page)
  await signIn(page, FIRST)
  await nav(page).getByRole('link', { name: 'API Keys' }).click()
  const keyRow = page.getByRole('row', { name: /journey-key/ })
  await expect(keyRow).toContainText(OPERATOR.username)
  await keyRow.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'yes' }).click()
  await expect(keyRow).toHaveCount(0)
  const gone = await chat('journey-a')
  expect(gone.status()).toBe(401)
  await gone.body()

  // Security: the failure limits and (here, none) bans, accessible.
  await nav(page).getByRole('link', { name: 'Security' }).click()
  await expect(
    page.getByRole('group', { name: 'Per address', exact: true }).getByLabel('Max failures'),
  ).toHaveValue('10')
  await expect(page.getByText('No API key is banned.')).toBeVisible()
  await expectAccessible(page)

  // Each step is in the audit, and none of its secrets.
  await nav(page).getByRole('link', { name: 'Audit' }).click()
  const audit = page.getByRole('group', { name: /audit/i })
  for (const [user, endpoint, status] of [
    [OPERATOR.username, '/token', 'success'],
    [OPERATOR.username, '/api/v1/admin/keys', 'success'],
    [OPERATOR.username, '/v1/chat/completions', 'denied'],
    [FIRST.username, '/api/v1/admin/users', 'success'],
    [FIRST.username, '/api/v1/admin/keys/1', 'success'],
  ] as const) {
    await expect(
      audit
        .getByRole('row')
        .filter({ hasText: user })
        .filter({ hasText: endpoint })
        .filter({ hasText: status })
        .first(),
      `${user} ${endpoint} ${status}`,
    ).toBeVisible()
  }
  await expect(audit).not.toContainText(key)
  await expectAccessible(page)
  await page.getByRole('combobox', { name: 'API key' }).fill('journey-key')
  await page.getByRole('button', { name: 'Search' }).click()
  // Its three uses: the chat it may have, the chat it may not, the cluster it may not see.
  const uses = audit.getByRole('row').filter({ hasText: 'journey-key' })
  await expect(uses).toHaveCount(3)
  await expect(uses.filter({ hasText: 'success' })).toHaveCount(1)
  await expect(uses.filter({ hasText: 'denied' })).toHaveCount(2)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await readFile(await (await download).path(), 'utf8')
  expect(csv.split('\r\n')[0]).toContain('timestamp,last_timestamp,count,tier,category,auth_type,user')
  // Security events apart from requests: the key refused the cluster is one; its chats are requests.
  await page.getByRole('combobox', { name: 'Kind' }).click()
  await page.getByRole('option', { name: 'Security events' }).click()
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(uses).toHaveCount(1)
  await expect(uses.filter({ hasText: '/v1/cluster/info' })).toHaveCount(1)
  expect(csv).toContain('journey-key')
  expect(csv).not.toContain(key)
  expect(csv).not.toContain(OPERATOR.password)

  // LOG OUT ended the first session, its token with it: the administrator's session now is the page's.
  const signedInNow = await page.evaluate(() => sessionStorage.getItem('token'))
  expect(signedInNow).not.toBe(adminToken)
  expect((await request.get(api('/api/v1/models'), { headers: asAdmin })).status()).toBe(401)
  for (const uid of ['journey-a', 'journey-b']) {
    const stopped = await request.delete(api(`/api/v1/models/${uid}`), {
      headers: { authorization: `Bearer ${String(signedInNow)}` },
    })
    expect(stopped.status()).toBe(200)
    await stopped.body()
  }

  // Signing out everywhere ends this session too: Login, and its token is refused.
  await page.getByRole('button', { name: 'Change password' }).click()
  const account = page.getByRole('dialog', { name: 'Change your password' })
  await expect(
    account.getByText(/^Ends every session of yours, on every device, this one too\./),
  ).toBeVisible()
  await expectAccessible(page)
  await account.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page).toHaveURL(/#\/login$/)
  const now = { authorization: `Bearer ${String(signedInNow)}` }
  expect((await request.get(api('/api/v1/models'), { headers: now })).status()).toBe(401)
})
