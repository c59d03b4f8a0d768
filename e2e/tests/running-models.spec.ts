import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

const api = (path: string) => new URL(`..${path}`, test.info().project.use.baseURL).href
const grid = (page: Page) => page.getByRole('grid')
/** SPEC §2's columns of the language models' table. */
const LLM_COLUMNS = ['ID', 'Name', 'Address', 'GPU Indexes', 'Size', 'Quantization', 'Replica', 'Actions']

async function cleanUp(request: APIRequestContext) {
  const running = (await (await request.get(api('/api/v1/models'))).json()) as { data: { id: string }[] }
  const launches = (await (await request.get(api('/api/v1/models/launches'))).json()) as {
    model_uid: string
  }[]
  for (const uid of [
    ...running.data.map((model) => model.id),
    ...launches.map((launch) => launch.model_uid),
  ]) {
    await request.delete(api(`/api/v1/models/${uid}`))
  }
}

test.beforeEach(async ({ request }) => cleanUp(request))
test.afterEach(async ({ request }) => cleanUp(request))

test('tabs, columns and the empty overlay', async ({ page }) => {
  await page.goto('#/running_models/LLM')
  await expect(page.getByRole('heading', { name: 'Running Models' })).toBeVisible()
  await expect(page.getByRole('tab')).toHaveText([
    'Language Models',
    'Embedding Models',
    'Rerank models',
    'Image models',
    'Audio models',
    'Flexible models',
  ])
  await expect(grid(page).getByRole('columnheader')).toHaveText(LLM_COLUMNS)
  await expect(page.getByText('No Running Models', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Launch a model' })).toHaveAttribute(
    'href',
    '#/launch_model/llm',
  )

  await page.getByRole('tab', { name: 'Image models' }).click()
  await expect(page).toHaveURL(/#\/running_models\/image$/)
  expect(await page.evaluate(() => sessionStorage.getItem('runningModelType'))).toBe('/running_models/image')
  await expect(grid(page).getByRole('columnheader')).toHaveText([
    'ID',
    'Name',
    'Address',
    'GPU Indexes',
    'Actions',
  ])
  await page.getByRole('tab', { name: 'Rerank models' }).click()
  await expect(grid(page).getByRole('columnheader')).toHaveText([
    'ID',
    'Name',
    'Address',
    'GPU Indexes',
    'Replica',
    'Actions',
  ])
})

test('every action is fully visible beside the side navigation, from 1280 px up', async ({
  page,
  request,
}) => {
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'a-rather-long-model-uid-of-40-chars' },
  })
  expect(launched.status()).toBe(200)
  for (const width of [1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('#/running_models/LLM')
    const row = grid(page).getByRole('row', { name: /a-rather-long-model-uid/ })
    for (const name of ['Launch Web UI', 'Terminate', 'Log of a-rather-long-model-uid-of-40-chars']) {
      await expect(row.getByRole('button', { name }), `${name} at ${width} px`).toBeInViewport({ ratio: 1 })
    }
  }
})

test('a model of this platform shows its load, read again while it serves', async ({ page, request }) => {
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'busy', n_parallel: 1 },
  })
  expect(launched.status()).toBe(200)
  await page.goto('#/running_models/LLM')
  // This platform's rows carry their health and load: one column more than SPEC's, before the actions.
  await expect(grid(page).getByRole('columnheader')).toHaveText([
    ...LLM_COLUMNS.slice(0, -1),
    'Status',
    'Actions',
  ])
  const row = grid(page).getByRole('row', { name: /busy/ })
  const load = row.getByRole('img')
  await expect(row.getByText('Ready', { exact: true })).toBeVisible()
  await expect(load).toHaveText('0 / 1')
  await expect(load).toHaveAccessibleName(
    'Serving 0 of 1 requests at once (1 per replica); 0 waiting, at most 4 before new requests are refused',
  )
  // Long answers one after another on the one place: seconds of work, so a refresh (every 5 s) sees it busy.
  const answers = Array.from({ length: 6 }, () =>
    request.post(api('/v1/chat/completions'), {
      data: { model: 'busy', messages: [{ role: 'user', content: 'Tell a story' }], max_tokens: 4096 },
      timeout: 120_000,
    }),
  )
  await expect(load).toHaveText(/^1 \/ 1 \+[1-5]$/, { timeout: 15_000 })
  await expect(row.getByText('Busy', { exact: true })).toBeVisible()
  await request.delete(api('/api/v1/models/busy'))
  await Promise.allSettled(answers)
})

test('hovering a card says how to launch it, in the card', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  const tiny = page.getByRole('listitem', { name: 'tiny-chat', exact: true })
  const hint = tiny.getByText('Click with mouse to launch the model')
  await expect(hint).toHaveCSS('opacity', '0')
  await tiny.hover()
  await expect(hint).toHaveCSS('opacity', '1')
  await expect(hint).toBeInViewport()
})

test('launch → row → Web UI chat with a streamed reply → terminate', async ({ page, request }) => {
  await page.goto('#/launch_model/llm')
  await page.getByRole('listitem', { name: 'tiny-chat', exact: true }).click()
  await page.getByRole('button', { name: 'Launch', exact: true }).click()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/, { timeout: 20_000 })

  const row = grid(page).getByRole('row', { name: /tiny-chat/ })
  await expect(row.getByRole('gridcell')).toHaveText([
    'tiny-chat',
    'tiny-chat',
    /^127\.0\.0\.1:\d+$/,
    '',
    '0.0002B',
    'f32',
    '1',
    'Ready0 / 4',
    '',
  ])

  const popup = page.waitForEvent('popup')
  await row.getByRole('button', { name: 'Launch Web UI' }).click()
  const chat = await popup
  await expect(chat).toHaveURL(/\/tiny-chat$/)
  await expect(chat.getByRole('heading', { name: 'tiny-chat' })).toBeVisible()
  await chat.getByLabel('Temperature').fill('0')
  await chat.getByLabel('Max tokens').fill('12')
  await chat.getByLabel('Message').fill('Hello')
  await chat.getByRole('button', { name: 'Send' }).click()
  await expect(chat.getByRole('log')).toContainText('their good selfkr set it airm07 came')
  // A second click finds the page already there.
  const again = page.waitForEvent('popup')
  await row.getByRole('button', { name: 'Launch Web UI' }).click()
  await expect(await again).toHaveURL(/\/tiny-chat$/)

  await row.getByRole('button', { name: 'Terminate' }).click()
  await expect(page.getByText('No Running Models', { exact: true })).toBeVisible()
  expect((await request.head(api('/tiny-chat'))).status()).toBe(404)
})

test('two replicas, the log, and the no-match overlay', async ({ page, request }) => {
  expect(
    (
      await request.post(api('/api/v1/models'), {
        data: { model_name: 'tiny-embedding', model_type: 'embedding', replica: 2, model_uid: 'embed-2' },
      })
    ).status(),
  ).toBe(200)
  await page.goto('#/running_models/embedding')
  const row = grid(page).getByRole('row', { name: /embed-2/ })
  await expect(row.getByRole('gridcell').nth(4)).toHaveText('2')
  await expect(row.getByRole('button', { name: 'Launch Web UI' })).toHaveCount(0)

  await row.getByRole('button', { name: 'Log of embed-2' }).click()
  const log = page.getByRole('dialog', { name: 'embed-2 log' })
  await expect(log.getByLabel('Log lines')).toContainText('[replica 1] ready')
  await log.getByRole('button', { name: 'Close' }).click()

  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('searchbox').fill('no-such-model')
  await expect(page.getByText('No Running Models Matches')).toBeVisible()
})

test('a launch is followed and cancelled; a failed one keeps its reason', async ({ page, request }) => {
  // The hub of this server sends 20 KB/s: the download takes half a minute.
  const launch = request.post(api('/api/v1/models'), {
    data: {
      model_name: 'qwen2.5-instruct',
      model_type: 'LLM',
      model_engine: 'llama.cpp',
      model_format: 'ggufv2',
      model_size_in_billions: '0_5',
      quantization: 'q4_k_m',
      model_uid: 'slow-qwen',
    },
    timeout: 60_000,
  })
  await page.goto('#/running_models/LLM')
  const panel = page.getByRole('region', { name: 'Launching slow-qwen' })
  await expect(panel).toContainText('Downloading')
  await expect(panel).toContainText(/qwen2\.5-0\.5b-instruct-q4_k_m\.gguf: .* of .* at .*\/s/)
  // Rebuilt from the server after a reload.
  await page.reload()
  await expect(panel).toBeVisible()
  await panel.getByRole('button', { name: 'Cancel' }).click()
  expect((await launch).status()).toBe(499)
  const cancelled = page.getByRole('status').filter({ hasText: 'slow-qwen' })
  await expect(cancelled).toContainText('launch cancelled')
  await cancelled.getByRole('button', { name: 'Dismiss' }).click()
  await expect(cancelled).toBeHidden()

  const failed = await request.post(api('/api/v1/models'), {
    data: {
      model_name: 'qwen2.5-instruct',
      model_type: 'LLM',
      model_engine: 'llama.cpp',
      model_format: 'ggufv2',
      model_size_in_billions: '1_5',
      quantization: 'q4_k_m',
      download_hub: 'modelscope',
    },
  })
  expect(failed.status()).toBe(503)
  await page.reload()
  const alert = page.getByRole('alert').filter({ hasText: 'qwen2.5-instruct' })
  await expect(alert).toContainText('launch failed')
  await expect(alert).toContainText(
    'Could not download http://127.0.0.1:9/api/v1/models/qwen/Qwen2.5-1.5B-Instruct-GGUF',
  )
})

test('the launch drawer follows its own launch and cancels it', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await page.getByRole('textbox', { name: 'Search for model name and description' }).fill('qwen2.5-instruct')
  await page.getByRole('listitem', { name: 'qwen2.5-instruct', exact: true }).click()
  const drawer = page.getByRole('region', { name: 'Launch qwen2.5-instruct' })
  await drawer.getByRole('combobox', { name: 'Model Size' }).click()
  await page.getByRole('option', { name: '0.5B' }).click()
  await drawer.getByRole('combobox', { name: 'Quantization' }).click()
  await page.getByRole('option', { name: 'q4_k_m' }).click()
  await drawer.getByRole('textbox', { name: 'Model UID (optional)' }).fill('drawer-qwen')
  await drawer.getByRole('button', { name: 'Launch', exact: true }).click()

  const progress = drawer.getByRole('region', { name: 'Launching drawer-qwen' })
  await expect(progress).toContainText('Downloading')
  await expect(progress.getByRole('progressbar', { name: 'drawer-qwen progress' })).toBeVisible()
  await progress.getByRole('button', { name: 'Cancel' }).click()
  await expect(progress).toBeHidden()
  await expect(drawer.getByRole('button', { name: 'Launch', exact: true })).toBeEnabled()
  // Cancelling is not an error.
  await expect(page.getByText(/^Server error/)).toHaveCount(0)
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
})
