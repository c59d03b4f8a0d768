import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { api } from '../support/console-pages'
import { forgetAllModels } from '../support/models'

// Limits and usage (docs/quotas.md) as a user sees them: a model held, on the Usage page, to one request a minute
// refuses the second, and the page says what the API answered, in its table, its limits and its CSV.

test.beforeEach(async ({ request }) => forgetAllModels(request, api))
test.afterEach(async ({ request }) => forgetAllModels(request, api))

test('the Usage page shows what the API answered, the limit that bit, and exports it', async ({
  page,
  request,
}) => {
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'metered' },
  })
  expect(launched.status()).toBe(200)
  // An administrator (auth is off: everyone is) sets the model's limits on the Usage page.
  await page.goto('#/system/usage')
  const set = page.getByRole('region', { name: 'Limits set' })
  await expect(set.getByText('No user, API key or model has limits.')).toBeVisible()
  await expect(set.getByRole('combobox', { name: 'Running model' })).toHaveText('metered')
  await set.getByRole('button', { name: 'Set its limits' }).click()
  const dialog = page.getByRole('dialog', { name: 'Limits of model metered' })
  await dialog.getByRole('textbox', { name: 'Requests per minute' }).fill('1')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(set.getByText('Model metered (everyone)')).toBeVisible()
  await expect(set.getByRole('button', { name: 'Limits of model metered' })).toBeVisible()

  const chat = { model: 'metered', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 6 }
  const first = await request.post(api('/v1/chat/completions'), { data: chat })
  expect(first.status()).toBe(200)
  const { usage } = (await first.json()) as { usage: { prompt_tokens: number; completion_tokens: number } }
  const second = await request.post(api('/v1/chat/completions'), { data: chat })
  expect(second.status()).toBe(429)
  expect(((await second.json()) as { detail: string }).detail).toContain(
    'Limit of model metered: 1 requests per minute',
  )

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible()
  const limits = page.getByRole('region', { name: 'Your limits' })
  await expect(limits.getByText('Model metered (everyone)')).toBeVisible()
  await expect(limits.getByText('Requests per minute: 1 of 1')).toBeVisible()

  await page.getByRole('textbox', { name: 'Model' }).fill('metered')
  await page.getByRole('button', { name: 'Show' }).click()
  const table = page.getByRole('group', { name: 'Usage per user, API key and model' })
  const row = table.getByRole('row').filter({ hasText: 'metered' })
  await expect(row).toHaveCount(1)
  // Requests, errors, refused, prompt and generated tokens: as the API answered.
  const cells = row.getByRole('cell')
  await expect(cells.nth(4)).toHaveText('1')
  await expect(cells.nth(5)).toHaveText('0')
  await expect(cells.nth(6)).toHaveText('1')
  await expect(cells.nth(7)).toHaveText(String(usage.prompt_tokens))
  await expect(cells.nth(8)).toHaveText(String(usage.completion_tokens))
  await expect(page.getByRole('status').filter({ hasText: 'request' })).toHaveText(
    `1 request · ${String(usage.prompt_tokens + usage.completion_tokens)} tokens · 1 refused for a limit`,
  )
  await expect(
    page.getByRole('img', { name: /^Tokens per hour from .+; the most in one: \d+$/ }),
  ).toBeVisible()
  await expectAccessible(page)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = (await readFile(await (await download).path(), 'utf8')).split('\r\n')
  expect(csv[0]).toBe(
    'at,user,key_id,key_name,model,requests,errors,refused,prompt_tokens,generated_tokens,first_token_ms_p50,first_token_ms_p95,duration_ms_p50,duration_ms_p95,busy_seconds',
  )
  expect(csv[1]).toMatch(
    new RegExp(
      `^\\d{4}-\\d\\d-\\d\\dT\\d\\d:00:00\\.000Z,,0,,metered,1,0,1,${String(usage.prompt_tokens)},${String(usage.completion_tokens)},`,
    ),
  )
})
