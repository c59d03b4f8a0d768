import { expect, test, type Page } from '@playwright/test'

// A sick server, as an operator meets one. page.route stands in only for what the real server cannot be made to
// do on demand: refuse connections, answer HTML or the wrong shape, fail one call and not another.

/**
 * How long a failed read takes to be told: the console asks again once, a second later, before it says a read
 * failed (lib/query-client.ts), and on two busy cores each routed answer can take a second or more.
 */
const RETRIED = { timeout: 10_000 }

const toast = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ }).last()

test('a first visit while the server cannot be reached recovers by itself when it is back', async ({
  page,
  context,
}) => {
  await context.clearCookies()
  await page.route('**/api/v1/cluster/auth', (route) => route.abort('connectionrefused'))
  await page.goto('#/launch_model/llm')
  await expect(page.getByText('Cannot check whether this server needs a sign-in')).toBeVisible()
  await expect(page.getByText(/Cannot reach the server/)).toBeVisible()
  // Not sent to Login, whose sign-in would only say that this server needs none.
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  await page.unroute('**/api/v1/cluster/auth')
  // No reload: the check repeats on its own and the screen follows.
  await expect(page.getByRole('listitem', { name: 'tiny-chat', exact: true })).toBeVisible({
    timeout: 10_000,
  })
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
})

test('Login re-checks on its own and leaves when the server turns out to need no sign-in', async ({
  page,
}) => {
  await page.route('**/api/v1/cluster/auth', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"detail":"Not authenticated"}' }),
  )
  await page.goto('#/login')
  // The check's own 401 is no sign-out: SPEC §8's auth-check message, and no auth dialog.
  await expect(page.getByText('Server error: 401 - Not authenticated')).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Authentication Error' })).toHaveCount(0)
  await page.unroute('**/api/v1/cluster/auth')
  await expect(page).toHaveURL(/#\/launch_model\/llm$/, { timeout: 10_000 })
})

test('Running Models: a failed list says so with a Retry, never as "No Running Models"', async ({ page }) => {
  await page.route('**/api/v1/models', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"detail":"worker pool is down"}',
        })
      : route.fallback(),
  )
  await page.goto('#/running_models/LLM')
  const failed = page.getByRole('alert').filter({ hasText: 'The running models could not be loaded' })
  await expect(failed).toContainText('Server error: 500 - worker pool is down', RETRIED)
  await expect(page.getByText('No Running Models', { exact: true })).toHaveCount(0)
  await page.unroute('**/api/v1/models')
  await failed.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText('No Running Models', { exact: true })).toBeVisible()
  await expect(failed).toHaveCount(0)
})

test('Launch Model: a catalogue that failed is not an empty one, and its failure is the one told', async ({
  page,
}) => {
  await page.route('**/api/v1/model_registrations/LLM?detailed=true', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
  )
  await page.route('**/api/v1/cluster/devices', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  )
  await page.goto('#/launch_model/llm')
  const failed = page.getByRole('alert').filter({ hasText: 'The models could not be loaded' })
  await expect(failed).toContainText('Server error: 502', RETRIED)
  await expect(page.getByText('No models here yet.')).toHaveCount(0)
  // The devices call failed too; the toast names the catalogue, which explains the empty screen.
  await expect(toast(page)).toContainText('Server error: 502')
  await page.unroute('**/api/v1/model_registrations/LLM?detailed=true')
  await failed.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('listitem', { name: 'tiny-chat', exact: true })).toBeVisible()
})

test('an answer that is not JSON, or not the expected shape, says what failed and where', async ({
  page,
}) => {
  await page.route('**/api/v1/models', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Login portal</title>',
    }),
  )
  await page.goto('#/running_models/LLM')
  await expect(
    page.getByText('Unexpected answer from /api/v1/models: not JSON (status 200)').first(),
  ).toBeVisible(RETRIED)
  await expect(page.getByText(/Unexpected token/)).toHaveCount(0)

  await page.unroute('**/api/v1/models')
  await page.route('**/api/v1/models', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"models": []}' }),
  )
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText(/Unexpected answer from \/api\/v1\/models: /).first()).toBeVisible(RETRIED)
})
