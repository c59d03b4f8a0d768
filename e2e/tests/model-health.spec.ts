import { expect, test } from '@playwright/test'
import { forgetAllModels, killOneWorker } from '../support/models'
import { testServer } from '../support/servers'

// The embedded platform only: a gateway's cluster reports no health of its models.
const api = (path: string) => new URL(`..${path}`, test.info().project.use.baseURL).href

test.beforeEach(async ({ request }) => forgetAllModels(request, api))
test.afterEach(async ({ request }) => forgetAllModels(request, api))

test('a crashed replica shows in its row and on every screen, and is restarted from the row', async ({
  page,
  request,
}) => {
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'fragile', replica: 2 },
  })
  expect(launched.status()).toBe(200)
  await page.goto('#/running_models/LLM')
  const row = page.getByRole('grid').getByRole('row', { name: /fragile/ })
  const ready = row.getByRole('gridcell').first()
  await expect(ready).toContainText(/Ready · 0 \/ 8 · 0 req/)

  killOneWorker(testServer('open').dataDir)
  // Read again every 5 s: the row says it without a reload.
  const open = row.getByRole('button', { name: 'fragile: 1/2 up, see what happened' })
  await expect(open).toBeVisible({ timeout: 10_000 })

  // Every screen lists it, linked to its list.
  await page.getByRole('link', { name: 'Launch Model' }).click()
  const strip = page.getByRole('region', { name: 'Needs attention' })
  await expect(strip).toContainText('1 model needs attention')
  await expect(strip).toContainText('fragile: 1 of 2 replicas up')
  await strip.getByRole('link', { name: 'fragile' }).click()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/)

  await open.click()
  const dialog = page.getByRole('dialog', { name: 'fragile needs attention' })
  await expect(dialog).toContainText('1 of 2 replicas up.')
  await expect(dialog.getByLabel('Reason')).toHaveText(
    /^replica \d: worker exited unexpectedly \(signal SIGKILL\)$/,
  )
  await dialog.getByRole('button', { name: 'Restart failed replicas' }).click()
  // The restart answers once the new worker process has loaded its model: as long as a launch takes.
  await expect(dialog).toBeHidden({ timeout: 20_000 })
  await expect(ready).toContainText(/Ready · 0 \/ 8 · 0 req/)
  await expect(strip).toBeHidden({ timeout: 10_000 })
})
