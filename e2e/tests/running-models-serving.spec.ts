import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { api, grid } from '../support/console-pages'
import { forgetAllModels, launchThatFails } from '../support/models'

// A running model served: its usage and code, its chat page, replicas and log; launches followed and cancelled.

test.beforeEach(async ({ request }) => forgetAllModels(request, api))
test.afterEach(async ({ request }) => forgetAllModels(request, api))

test('a running model shows its usage and how to use it, and the TypeScript it gives runs', async ({
  page,
  request,
}) => {
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'callable' },
  })
  expect(launched.status()).toBe(200)
  await page.goto('#/running_models/LLM')
  await grid(page).getByRole('button', { name: 'Usage of callable and how to use it' }).click()
  const dialog = page.getByRole('dialog', { name: 'callable' })
  const usage = dialog.getByRole('region', { name: 'Usage' })
  await expect(usage.getByRole('definition').nth(1)).toHaveText('no request yet')
  await expect(
    usage.getByRole('img', { name: /^Requests per minute, last hour: at most 0, last minute 0$/ }),
  ).toBeVisible()
  // The speed is a minute's average, and each chart shows its scale and its hour.
  await expect(usage.getByText('Generating, last minute')).toBeVisible()
  const requests = usage.getByRole('figure').filter({ hasText: 'Requests per minute' })
  for (const scale of ['max 0', '1 h ago', 'now']) await expect(requests.getByText(scale)).toBeVisible()
  await expect(dialog.getByLabel('curl', { exact: true })).toContainText(
    /^curl 'http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions'/,
  )

  await dialog.getByRole('combobox', { name: 'Format' }).click()
  await page.getByRole('option', { name: 'TypeScript (openai)' }).click()
  const typescript = (await dialog.getByLabel('TypeScript (openai)', { exact: true }).textContent()) ?? ''
  // The official client, run as written (it is plain JavaScript too), against this server.
  const file = test.info().outputPath('snippet.mjs')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, typescript)
  const printed = execFileSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 })
  expect(printed.trim().length).toBeGreaterThan(0)
  // Its request is counted, the usage read again while the dialog is open.
  await expect(usage.getByRole('definition').nth(2)).toHaveText('1', { timeout: 10_000 })
  await expect(
    usage.getByRole('img', { name: /^Requests per minute, last hour: at most 1, last minute [01]$/ }),
  ).toBeVisible()

  await dialog.getByRole('combobox', { name: 'Format' }).click()
  await page.getByRole('option', { name: 'xinference launch (launch it again)' }).click()
  await expect(dialog.getByLabel('xinference launch (launch it again)', { exact: true })).toContainText(
    / --model-name tiny-chat --model-type LLM --model-engine llama\.cpp --model-uid callable --size-in-billions 0_0002 --model-format ggufv2 --quantization f32 --replica 1 --n_parallel 4$/,
  )
})

test('launch → row → Web UI chat with a streamed reply → terminate', async ({ page, request }) => {
  await page.goto('#/launch_model/llm')
  await page.getByRole('listitem', { name: 'tiny-chat', exact: true }).click()
  await page.getByRole('button', { name: 'Launch', exact: true }).click()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/, { timeout: 20_000 })

  const row = grid(page).getByRole('row', { name: /tiny-chat/ })
  await expect(row.getByRole('gridcell')).toHaveText([
    /^tiny-chat.*Ready · 0 \/ 4 · 0 req/,
    'tiny-chat',
    /^127\.0\.0\.1:\d+$/,
    '',
    '0.0002B',
    'f32',
    '1',
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

  // Terminate asks first, naming the model and what it serves; Escape keeps it, the focus back on the button.
  const terminate = row.getByRole('button', { name: 'Terminate tiny-chat' })
  await terminate.click()
  const question = page.getByRole('dialog', { name: 'Warning' })
  await expect(question).toHaveAccessibleDescription(
    'Terminate tiny-chat (tiny-chat)? It is answering no request now.',
  )
  await expectAccessible(page, 'the Terminate question')
  await page.keyboard.press('Escape')
  await expect(question).toBeHidden()
  await expect(terminate).toBeFocused()
  await expect(row).toBeVisible()
  await terminate.click()
  await question.getByRole('button', { name: 'yes' }).click()
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

  const embedded = await request.post(api('/v1/embeddings'), {
    data: { model: 'embed-2', input: 'private words' },
  })
  expect(embedded.status()).toBe(200)
  await row.getByRole('button', { name: 'Log of embed-2' }).click()
  const log = page.getByRole('dialog', { name: 'embed-2 log' })
  const lines = log.getByLabel('Log lines')
  await expect(lines).toContainText('[replica 1] ready')
  // Every line has its time; the request has its own line, without its text.
  await expect(lines).toContainText(/Z request embed 200 · \d+ → 0 tokens · \d+ ms · replica \d/)
  await expect(lines).not.toContainText('private words')
  await log.getByRole('textbox', { name: 'Filter lines' }).fill('REQUEST EMBED')
  await expect(lines).toHaveText(/^\S+Z request embed 200 [^\n]+$/)
  await expect(log.getByText(/^1 of \d+ lines$/)).toBeVisible()
  const download = page.waitForEvent('download')
  await log.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toBe('embed-2.log')
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

  expect(await launchThatFails(request, api('/api/v1/models'))).toBe(503)
  // Elsewhere the strip says it; on Running Models the Launches panel alone does, with the reason.
  await page.goto('#/launch_model/llm')
  const strip = page.getByRole('region', { name: 'Needs attention' })
  // Read every 5 s.
  await expect(strip).toContainText('launch failed', { timeout: 10_000 })
  await strip.getByRole('link', { name: /qwen2\.5-instruct/ }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'qwen2.5-instruct' })
  await expect(alert).toContainText('launch failed')
  await expect(strip).toBeHidden()
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
