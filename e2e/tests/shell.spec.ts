import { expect, test, type Page } from '@playwright/test'

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('routes', () => {
  test('the server root and / lead to Language Models of Launch Model', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/ui\/#\/launch_model\/llm$/)
    await expect(page.getByRole('heading', { name: 'Launch Model' })).toBeVisible()
  })

  test('an unknown path leads to launch_model/llm', async ({ page }) => {
    await page.goto('#/no/such/screen')
    await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  })

  test('a path deep link opens its screen', async ({ page }) => {
    await page.goto('/ui/cluster_info')
    await expect(page).toHaveURL(/\/ui\/#\/cluster_info$/)
    await expect(page.getByRole('heading', { name: 'Cluster Information' })).toBeVisible()
  })

  test('each screen shows its SPEC title', async ({ page }) => {
    const screens = [
      ['#/launch_model/embedding', 'Launch Model'],
      ['#/running_models/LLM', 'Running Models'],
      ['#/register_model/llm', 'Register Model'],
      ['#/cluster_info', 'Cluster Information'],
    ] as const
    for (const [path, title] of screens) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    }
  })

  test('login redirects to launch_model/llm while the server needs no sign-in', async ({ page }) => {
    await page.goto('#/login')
    await expect(page).toHaveURL(/#\/launch_model\/llm$/)
    expect(await page.evaluate(() => document.cookie)).toContain('token=no_auth')
  })

  test('a screen that fails to load shows the error screen with its message', async ({ page }) => {
    // A dropped connection for one screen's code (e.g. a deploy mid-session): a fault the server cannot make.
    await page.route(/cluster-info-page-.*\.js$/, (route) => route.abort('connectionreset'))
    await page.goto('#/launch_model/llm')
    await nav(page).getByRole('link', { name: 'Cluster Information' }).click()
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText(/dynamically imported module|Failed to fetch/)
  })
})

test.describe('side navigation', () => {
  for (const [windowWidth, navWidth] of [
    [1000, 287],
    [1500, 300],
    [2000, 320],
  ] as const) {
    test(`is ${navWidth} px wide in a ${windowWidth} px window`, async ({ page }) => {
      await page.setViewportSize({ width: windowWidth, height: 900 })
      await page.goto('#/launch_model/llm')
      // Measured once the console shows its cards (before, the page is its prerendered copy, which it replaces).
      await expect(page.getByRole('listitem').first()).toBeVisible()
      const box = await nav(page).boundingBox()
      expect(box?.width).toBe(navWidth)
    })
  }

  test('follows window resizes', async ({ page }) => {
    await page.setViewportSize({ width: 2000, height: 900 })
    await page.goto('#/launch_model/llm')
    await expect.poll(async () => (await nav(page).boundingBox())?.width).toBe(320)
    await page.setViewportSize({ width: 1550, height: 900 })
    await expect.poll(async () => (await nav(page).boundingBox())?.width).toBe(310)
    await page.setViewportSize({ width: 1200, height: 900 })
    await expect.poll(async () => (await nav(page).boundingBox())?.width).toBe(287)
    // The page content starts where the navigation ends.
    const main = await page.getByRole('main').boundingBox()
    expect(main?.x).toBe(287)
  })

  test('shows the product and opens each section, remembering it in session storage', async ({ page }) => {
    await page.goto('#/cluster_info')
    await expect(nav(page).getByText('Serving Console')).toBeVisible()
    const session = () =>
      page.evaluate(() => ({
        modelType: sessionStorage.getItem('modelType'),
        runningModelType: sessionStorage.getItem('runningModelType'),
        registerModelType: sessionStorage.getItem('registerModelType'),
        lastActiveUrl: sessionStorage.getItem('lastActiveUrl'),
      }))

    await nav(page).getByRole('link', { name: 'Running Models' }).click()
    await expect(page).toHaveURL(/#\/running_models\/LLM$/)
    expect(await session()).toMatchObject({
      runningModelType: '/running_models/LLM',
      lastActiveUrl: 'running_models',
    })

    await nav(page).getByRole('link', { name: 'Register Model' }).click()
    await expect(page).toHaveURL(/#\/register_model\/llm$/)
    expect(await session()).toMatchObject({
      registerModelType: '/register_model/llm',
      lastActiveUrl: 'register_model',
    })

    await nav(page).getByRole('link', { name: 'Launch Model' }).click()
    await expect(page).toHaveURL(/#\/launch_model\/llm$/)
    expect(await session()).toMatchObject({ modelType: '/launch_model/llm', lastActiveUrl: 'launch_model' })

    await nav(page).getByRole('link', { name: 'Cluster Information' }).click()
    await expect(page).toHaveURL(/#\/cluster_info$/)
    // Cluster Information is not one of the three remembered sections.
    expect((await session()).lastActiveUrl).toBe('launch_model')
  })

  test('marks the section of the current path as active', async ({ page }) => {
    await page.goto('#/register_model/embedding')
    const entry = (name: string) => nav(page).getByRole('link', { name })
    await expect(entry('Register Model')).toHaveAttribute('aria-current', 'page')
    await expect(entry('Launch Model')).not.toHaveAttribute('aria-current')
    await page.goto('#/running_models/image')
    await expect(entry('Running Models')).toHaveAttribute('aria-current', 'page')
    await expect(entry('Register Model')).not.toHaveAttribute('aria-current')
  })

  test('Contact Us opens the public source repository in a new tab', async ({ page, context }) => {
    // github.com is outside this machine's network: answer for it.
    await context.route('https://github.com/**', (route) => route.fulfill({ body: 'repository' }))
    await page.goto('#/launch_model/llm')
    const popup = page.waitForEvent('popup')
    await nav(page).getByRole('link', { name: 'Contact Us' }).click()
    const tab = await popup
    await expect(tab).toHaveURL('https://github.com/xorbitsai/inference')
    await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  })
})

test.describe('search field', () => {
  test("shows 'Type / to search' while empty and unfocused; '/' focuses it", async ({ page }) => {
    await page.goto('#/launch_model/llm')
    const search = page.getByRole('textbox', { name: 'Search for model name and description' })
    const hint = page.getByText('Type / to search', { exact: true })
    await expect(hint).toBeVisible()
    await expect(search).not.toBeFocused()

    await page.locator('body').press('/')
    await expect(search).toBeFocused()
    await expect(search).toHaveValue('')
    await expect(hint).toBeHidden()

    // Inside the field, '/' is just a character; the hint stays away while there is text.
    await search.pressSequentially('qwen/7')
    await expect(search).toHaveValue('qwen/7')
    await search.blur()
    await expect(hint).toBeHidden()
    await search.fill('')
    await search.blur()
    await expect(hint).toBeVisible()
  })
})

test.describe('error toast', () => {
  test('shows a failed request at the top centre, ignores click-away, hides after 10 s', async ({ page }) => {
    await page.clock.install()
    // A plain-text 500, as real servers send for unhandled errors: a fault ours will not produce on demand.
    await page.route('**/api/v1/cluster/devices', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error: boom' }),
    )
    await page.goto('#/launch_model/llm')
    const toast = page.getByRole('alert').filter({ hasText: 'Server error: 500 - Unknown error' })
    await expect(toast).toBeVisible()

    const box = await toast.boundingBox()
    const viewport = page.viewportSize()
    expect(box && viewport && Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2)
    // Near the top, but below the heading and LOG OUT: it never covers them.
    const heading = await page.getByRole('heading', { name: 'Launch Model', level: 1 }).boundingBox()
    expect(box && heading && box.y).toBeGreaterThanOrEqual((heading?.y ?? 0) + (heading?.height ?? 0))
    expect(box?.y).toBeLessThan(120)

    await page.mouse.click(5, 300)
    await page.clock.runFor(9_000)
    await expect(toast).toBeVisible()
    await page.clock.runFor(1_500)
    await expect(toast).toBeHidden()
  })

  test('belongs to the screen it was raised on: another screen clears it', async ({ page }) => {
    await page.route('**/api/v1/cluster/devices', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error: boom' }),
    )
    await page.goto('#/launch_model/llm')
    const toast = page.getByRole('alert').filter({ hasText: 'Server error: 500 - Unknown error' })
    await expect(toast).toBeVisible()
    await nav(page).getByRole('link', { name: 'Register Model' }).click()
    await expect(page.getByRole('heading', { name: 'Register Model', level: 1 })).toBeVisible()
    await expect(toast).toBeHidden()
  })
})

test.describe('error toast when the server goes away', () => {
  test('still shows, and the screen stays', async ({ page }) => {
    await page.goto('#/launch_model/llm')
    await expect(page.getByRole('listitem').first()).toBeVisible()
    // Every request fails from now on.
    await page.route('**/*', (route) => route.abort())
    await page.getByRole('tab', { name: 'Embedding Models' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach the server' }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Launch Model' })).toBeVisible()
    await expect(page.getByText('Unexpected Application Error!')).toBeHidden()
  })
})

test.describe('auth dialog', () => {
  test('forgets a status left from an earlier visit', async ({ page }) => {
    await page.goto('#/launch_model/llm')
    await page.evaluate(() => localStorage.setItem('authStatus', '403'))
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Launch Model' })).toBeVisible()
    await expect(page.getByRole('dialog')).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('authStatus'))).toBeNull()
  })

  test('opens on the auth-status event; backdrop does nothing; CONFIRMED closes it', async ({ page }) => {
    await page.goto('#/cluster_info')
    await expect(page.getByRole('heading', { name: 'Cluster Information' })).toBeVisible()
    await page.evaluate(() => {
      localStorage.setItem('authStatus', '403')
      window.dispatchEvent(new Event('auth-status'))
    })
    const dialog = page.getByRole('dialog', { name: 'Permission Error' })
    await expect(dialog).toContainText('You do not have permissions to do this!')
    await page.mouse.click(5, 5)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
    // Full width, medium maximum width (900 px).
    expect((await dialog.boundingBox())?.width).toBe(900)

    await dialog.getByRole('button', { name: 'CONFIRMED' }).click()
    await expect(dialog).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('authStatus'))).toBeNull()
    await expect(page).toHaveURL(/#\/cluster_info$/)
  })

  test('for 401, CONFIRMED removes the token cookie and goes to /login', async ({ page }) => {
    await page.goto('#/running_models/LLM')
    await expect(page.getByRole('heading', { name: 'Running Models' })).toBeVisible()
    await page.evaluate(() => {
      localStorage.setItem('authStatus', '401')
      window.dispatchEvent(new Event('auth-status'))
    })
    const dialog = page.getByRole('dialog', { name: 'Authentication Error' })
    await expect(dialog).toContainText('Invalid credentials! Please login.')
    await dialog.getByRole('button', { name: 'CONFIRMED' }).click()
    // With auth off, Login sends the user on to Launch Model and the cookie is no_auth again.
    await expect(page).toHaveURL(/#\/(login|launch_model\/llm)$/)
    await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  })
})
