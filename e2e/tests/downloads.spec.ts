import { expect, test } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { api, card, terminateAll } from '../support/console-pages'

// Download only (docs/downloads.md) from the launch drawer, against this server's local hub (slow on purpose:
// 20 kB/s, so a download is caught in the middle).

const VERSION = 'qwen2.5-instruct--0_5B--ggufv2--q4_k_m'
const QWEN_FILES = {
  model_name: 'qwen2.5-instruct',
  model_type: 'LLM',
  model_format: 'ggufv2',
  model_size_in_billions: '0_5',
  quantization: 'q4_k_m',
}

test.afterEach(async ({ request }) => {
  // Left as found: a task a failed test left running is cancelled, its partial file removed; no model runs.
  await request.post(api(`/api/v1/cache/models/${VERSION}/cancel`))
  await terminateAll(request)
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

test('the operations tray and System → Model Cache follow a download; cached files are removed after asking, never while a model runs', async ({
  page,
  request,
}) => {
  await terminateAll(request)
  const started = await request.post(api('/api/v1/cache/models'), {
    data: { ...QWEN_FILES, download_hub: 'huggingface' },
  })
  expect(started.ok()).toBe(true)
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'cache-user' },
  })
  expect(launched.ok()).toBe(true)

  // The tray in the header says what is under way, on any screen, and leads to its place.
  await page.goto('#/cluster_info')
  const tray = page.getByRole('button', { name: '1 under way' })
  await tray.click()
  await expect(page.getByRole('progressbar', { name: `Progress of ${VERSION}` })).toBeVisible()
  // The launch that finished is there too, ready, until dismissed (a reload keeps both: the server tells them).
  const ready = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'cache-user' }) })
  await expect(ready).toContainText('ready')
  await expectAccessible(page)
  await ready.getByRole('button', { name: 'Dismiss' }).click()
  await expect(ready).toBeHidden()
  await page.reload()
  await page.getByRole('button', { name: '1 under way' }).click()
  await expect(page.getByRole('progressbar', { name: `Progress of ${VERSION}` })).toBeVisible()
  await expect(ready).toBeHidden()
  await page.getByRole('link', { name: VERSION }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Model Cache' })).toBeVisible()

  await expect(page.getByText(/ free of /)).toBeVisible()
  const task = page.getByRole('region', { name: `Download of ${VERSION}` })
  await expect(task).toContainText('qwen2.5-instruct · 0.5B · q4_k_m downloading')
  const partial = page
    .getByRole('group', { name: 'Half-done files' })
    .getByRole('row', { name: /qwen2\.5-instruct/ })
  await expect(partial).toContainText('Being downloaded')
  await expect(partial.getByRole('button', { name: `Remove ${VERSION}` })).toBeDisabled()
  await task.getByRole('button', { name: 'Pause' }).click()
  await expect(partial).toContainText('Its download is paused, failed or waiting')
  await expect(partial.getByRole('button', { name: `Remove ${VERSION}` })).toBeDisabled()

  // A running model's files stay; once it is gone they can be removed, after a question.
  const TINY = 'tiny-chat--0_0002B--ggufv2--f32'
  const cached = page.getByRole('group', { name: 'Cached models' }).getByRole('row', { name: /tiny-chat/ })
  await expect(cached).toContainText('cache-user')
  await expect(cached.getByRole('button', { name: `Remove ${TINY}` })).toHaveAttribute(
    'title',
    'Used by the running model cache-user: terminate it first',
  )
  await expectAccessible(page)
  await request.delete(api('/api/v1/models/cache-user'))
  await cached.getByRole('button', { name: `Remove ${TINY}` }).click({ timeout: 10_000 })
  const confirm = page.getByRole('dialog', { name: 'Warning' })
  await expect(confirm).toContainText(`Remove the files of ${TINY} from the cache?`)
  await confirm.getByRole('button', { name: 'yes' }).click()
  await expect(cached).toBeHidden()
  const disk = (await (await request.get(api('/api/v1/cache/disk'))).json()) as {
    folders: { model_version: string }[]
  }
  expect(disk.folders.map((folder) => folder.model_version)).not.toContain(TINY)

  // Cancelled, the download leaves the page and the tray (it was the user's own doing).
  await task.getByRole('button', { name: 'Cancel download' }).click()
  await expect(task).toBeHidden()
  await expect(partial).toBeHidden()
  // The tray stays in the header (a button that came and went would move the page), with nothing under way.
  const idle = page.getByRole('button', { name: 'Operations', exact: true })
  await idle.click()
  const panel = page.locator('.operations-tray-panel')
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('link', { name: VERSION })).toHaveCount(0)
  await expect(panel.getByRole('progressbar')).toHaveCount(0)
})
