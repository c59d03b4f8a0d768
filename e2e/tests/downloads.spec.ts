import { expect, test } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { api, card } from '../support/console-pages'

// Download only (docs/downloads.md) from the launch drawer, against this server's local hub (slow on purpose:
// 20 kB/s, so a download is caught in the middle).

const VERSION = 'qwen2.5-instruct--0_5B--ggufv2--q4_k_m'

test.afterEach(async ({ request }) => {
  // Left as found: a task a failed test left running is cancelled, its partial file removed.
  await request.post(api(`/api/v1/cache/models/${VERSION}/cancel`))
})

test('Download only fetches a model without launching it; the drawer pauses, resumes and cancels it', async ({
  page,
  request,
}) => {
  await page.goto('#/launch_model/llm')
  await page.getByRole('textbox', { name: 'Search for model name and description' }).fill('qwen2.5-instruct')
  await card(page, 'qwen2.5-instruct').click()
  const drawer = page.getByRole('region', { name: 'Launch qwen2.5-instruct' })
  await drawer.getByRole('combobox', { name: 'Model Size' }).click()
  await page.getByRole('option', { name: '0.5B' }).click()
  await drawer.getByRole('combobox', { name: 'Quantization' }).click()
  await page.getByRole('option', { name: 'q4_k_m' }).click()
  await drawer.getByRole('button', { name: 'Download only' }).click()

  const task = drawer.getByRole('region', { name: `Download of ${VERSION}` })
  await expect(task).toContainText('q4_k_m downloading')
  await expect(task).toContainText(/ of 572\.88 KiB · [\d.]+ KiB\/s, about \d+ minutes? left/)
  await expect(task.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0')
  await expectAccessible(page)
  // Nothing was launched.
  const models = (await (await request.get(api('/api/v1/models'))).json()) as { data: unknown[] }
  expect(models.data).toEqual([])

  await task.getByRole('button', { name: 'Pause' }).click()
  await expect(task).toContainText('q4_k_m paused')
  // The server keeps it: closed and opened again, the drawer shows it where it was.
  await drawer.getByRole('button', { name: 'Go Back' }).click()
  await expect(drawer).toBeHidden()
  await card(page, 'qwen2.5-instruct').click()
  await expect(task).toContainText('q4_k_m paused')
  await task.getByRole('button', { name: 'Resume' }).click()
  await expect(task).toContainText('q4_k_m downloading')

  await task.getByRole('button', { name: 'Cancel download' }).click()
  await expect(task).toBeHidden()
  const answer = await request.get(api(`/api/v1/cache/models/${VERSION}/progress`))
  expect(await answer.json()).toMatchObject({ state: 'cancelled', files: [{ done: 0 }] })
})
