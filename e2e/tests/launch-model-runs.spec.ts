import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { api, card, terminateAll } from '../support/console-pages'
import { writeTinyModel } from '../support/models'
import { testServer } from '../support/servers'

// Launch Model's launches: from the drawer to Running Models and back, the launch history, the cache, custom models.
// Tall enough for a whole tab of the platform's catalogue: the grid renders only rows near the window.
test.use({ viewport: { width: 1500, height: 2200 } })

test.afterEach(async ({ request }) => {
  await terminateAll(request)
})

test('launch a tiny model, reuse its Last Config, manage its cache', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('#/launch_model/llm')
  await card(page, 'tiny-chat').click()
  const drawer = page.getByRole('region', { name: 'Launch tiny-chat' })
  await expect(drawer.getByRole('combobox', { name: 'Quantization' })).toHaveText('f32')
  await drawer.getByRole('textbox', { name: 'Model UID (optional)' }).fill('tiny-e2e')
  await drawer.getByRole('button', { name: 'Launch', exact: true }).click()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/, { timeout: 20_000 })
  const running = (await (await request.get(api('/api/v1/models'))).json()) as { data: { id: string }[] }
  expect(running.data.map((model) => model.id)).toEqual(['tiny-e2e'])
  const history = await page.evaluate(
    () => JSON.parse(localStorage.getItem('historyArr') ?? '[]') as { model_uid: string }[],
  )
  expect(history).toMatchObject([
    { model_name: 'tiny-chat', model_uid: 'tiny-e2e', model_engine: 'llama.cpp', quantization: 'f32' },
  ])

  // Last Config: the saved payload fills the form again; removing the chip forgets it.
  await page.goto('#/launch_model/llm')
  await card(page, 'tiny-chat').click()
  const lastConfig = drawer.getByText('Last Config', { exact: true })
  await expect(lastConfig).toBeVisible()
  // tiny-e2e is still running: a second copy under its uid would be refused, so a free one is offered.
  const uid = drawer.getByRole('textbox', { name: 'Model UID (optional)' })
  await expect(uid).toHaveValue('tiny-e2e-2')
  await expect(uid).toHaveAccessibleDescription('tiny-e2e is running already: a free uid is suggested.')
  await drawer.getByRole('button', { name: 'Remove Last Config' }).click()
  await expect(lastConfig).toBeHidden()
  await expect(drawer.getByRole('textbox', { name: 'Model UID (optional)' })).toHaveValue('')
  expect(await page.evaluate(() => localStorage.getItem('historyArr'))).toBe('[]')
  // The server kept the launch too: from any browser, it fills the form again (Escape closes only its list).
  const earlier = drawer.getByRole('combobox', { name: 'Launch again as before' })
  await earlier.click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox')).toBeHidden()
  await earlier.click()
  await page.getByRole('option', { name: /^tiny-e2e · / }).click()
  // Its uid still runs: a free one like it is offered, saying why.
  await expect(uid).toHaveValue('tiny-e2e-2')
  await expect(uid).toHaveAccessibleDescription('tiny-e2e is running already: a free uid is suggested.')
  await drawer.getByRole('button', { name: 'Go Back' }).click()

  // The launch cached the model file: the card says so and the cache dialog lists it.
  const tiny = card(page, 'tiny-chat')
  await expect(tiny.getByText('Cached')).toBeVisible()
  await tiny.getByLabel('Manage cached files').click()
  const dialog = page.getByRole('dialog', { name: 'tiny-chat cache' })
  const row = dialog.getByRole('row').nth(1)
  await expect(row).toContainText('ggufv2')
  await expect(row).toContainText('0_0002')
  await expect(row).toContainText('f32')
  await expect(row).toContainText('tiny-chat--0_0002B--ggufv2--f32')
  await row.getByRole('button', { name: 'Copy real_path' }).click()
  await expect(page.getByRole('tooltip', { name: 'Copied to clipboard!' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /cache\/tiny-chat--0_0002B--ggufv2--f32$/,
  )
  await expect(page.getByRole('tooltip', { name: 'Copied to clipboard!' })).toBeHidden({ timeout: 3000 })

  // Files a running model uses stay (docs/downloads.md): the server says so, and the row stays.
  await row.getByRole('button', { name: 'Delete tiny-chat--0_0002B--ggufv2--f32' }).click()
  await expect(page.getByRole('dialog', { name: 'Warning' })).toContainText(
    'Confirm deletion of cache files? This action is irreversible.',
  )
  await page.getByRole('button', { name: 'yes' }).click()
  await expect(page.getByText(/is used by the running model tiny-e2e: terminate it first/)).toBeVisible()
  await expect(row).toContainText('tiny-chat--0_0002B--ggufv2--f32')
  await request.delete(api('/api/v1/models/tiny-e2e'))
  await row.getByRole('button', { name: 'Delete tiny-chat--0_0002B--ggufv2--f32' }).click()
  await page.getByRole('button', { name: 'yes' }).click()
  await expect(dialog.getByText('No cache for now !')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(tiny.getByText('Cached')).toBeHidden()
  const cache = (await (await request.get(api('/api/v1/cache/models?model_name=tiny-chat'))).json()) as {
    list: unknown[]
  }
  expect(cache.list).toEqual([])
})

test('Escape closes only an open list; a closed drawer keeps its changes until they are discarded', async ({
  page,
}) => {
  await page.goto('#/launch_model/llm')
  await card(page, 'tiny-chat').click()
  const drawer = page.getByRole('region', { name: 'Launch tiny-chat' })
  const uid = drawer.getByRole('textbox', { name: 'Model UID (optional)' })
  const replica = drawer.getByRole('spinbutton', { name: 'Replica' })
  await uid.fill('kept-uid')
  await replica.fill('2')
  await drawer.getByRole('button', { name: 'Command line' }).click()
  for (const list of ['Quantization', 'Device', 'Format']) {
    await drawer.getByRole('combobox', { name: list, exact: true }).click()
    await expect(page.getByRole('listbox')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('listbox')).toBeHidden()
    await expect(uid).toHaveValue('kept-uid')
  }
  // Escape on the drawer itself closes it, and the changes wait for the next opening.
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await card(page, 'tiny-chat').click()
  await expect(uid).toHaveValue('kept-uid')
  await expect(replica).toHaveValue('2')
  // So does a click beside it.
  await uid.fill('kept-by-a-click')
  await page.mouse.click(10, 400)
  await expect(drawer).toBeHidden()
  await card(page, 'tiny-chat').click()
  await expect(uid).toHaveValue('kept-by-a-click')
  await drawer.getByRole('button', { name: 'Discard the kept changes' }).click()
  await expect(uid).toHaveValue('')
  await expect(replica).toHaveValue('1')
  await drawer.getByRole('button', { name: 'Go Back' }).click()
  await card(page, 'tiny-chat').click()
  await expect(uid).toHaveValue('')
  await expect(drawer.getByText('Changes kept')).toBeHidden()
})

test('a failed launch shows the server’s reason and frees the form', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await card(page, 'qwen2.5-instruct').click()
  const drawer = page.getByRole('region', { name: 'Launch qwen2.5-instruct' })
  await drawer.getByRole('combobox', { name: 'Model Size' }).click()
  await page.getByRole('option', { name: '0.5B' }).click()
  await drawer.getByRole('combobox', { name: 'Quantization' }).click()
  await page.getByRole('option', { name: 'q4_k_m' }).click()
  // This server's ModelScope address answers nothing.
  await drawer.getByRole('combobox', { name: 'Download Hub (optional)' }).click()
  await page.getByRole('option', { name: 'modelscope' }).click()
  await drawer.getByRole('button', { name: 'Launch', exact: true }).click()
  // The platform knows its hub does not answer and asks first; a gateway's cluster is not asked.
  if (test.info().project.name === 'open') {
    await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Yes' }).click()
  }
  // Said beside LAUNCH, where the user is looking, and by no toast as well.
  await expect(
    drawer
      .getByRole('alert')
      .getByText(
        /^Server error: 503 - Could not download http:\/\/127\.0\.0\.1:9\/api\/v1\/models\/qwen\/Qwen2\.5-0\.5B-Instruct-GGUF/,
      ),
  ).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(/^Server error: 503/)).toHaveCount(1)
  await expect(drawer.getByRole('button', { name: 'Launch', exact: true })).toBeEnabled()
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
})

test('the drawer closes with its launch, even when the way back beats the next page', async ({ page }) => {
  // A loaded machine: with the CPU slowed, the render of Running Models can still be under way when the user
  // goes back, and a page that was never unmounted must not show the finished launch's drawer again.
  // Slowed from the launch on: the race is between the way back and the next page, not in opening the form.
  const cdp = await page.context().newCDPSession(page)
  await page.goto('#/launch_model/llm')
  await card(page, 'tiny-chat').click()
  const drawer = page.getByRole('region', { name: 'Launch tiny-chat' })
  await drawer.getByRole('textbox', { name: 'Model UID (optional)' }).fill('tiny-back')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 })
  await drawer.getByRole('button', { name: 'Launch', exact: true }).click()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/, { timeout: 20_000 })
  await page.goBack()
  await expect(page).toHaveURL(/#\/launch_model\/llm$/)
  await expect(card(page, 'tiny-chat')).toBeVisible({ timeout: 15_000 })
  await expect(drawer).toBeHidden()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
})

test('custom models: JSON view, copy, edit and delete', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // Custom model files live in the server's model folders (by default its data dir's models/).
  const folder = join(testServer('open').dataDir, 'models', 'mine')
  writeTinyModel(folder, 'mine.gguf')
  const model = {
    version: 1,
    model_name: 'my-custom-llm',
    model_description: 'registered by the e2e test',
    context_length: 4096,
    model_lang: ['en'],
    model_ability: ['chat'],
    model_family: 'qwen2.5-instruct',
    model_specs: [
      {
        model_uri: folder,
        model_size_in_billions: 7,
        model_format: 'ggufv2',
        quantizations: [''],
        model_file_name_template: 'mine.gguf',
      },
    ],
  }
  const registered = await request.post(api('/api/v1/model_registrations/LLM'), {
    data: { model: JSON.stringify(model), persist: true },
  })
  expect(registered.status()).toBe(200)

  await page.goto('#/launch_model/custom/llm')
  await page.getByRole('textbox', { name: 'Search for custom model name' }).fill('my-custom')
  const custom = card(page, 'my-custom-llm')
  await expect(custom).toContainText('registered by the e2e test')
  await expect(custom.getByRole('button', { name: 'Favorite', exact: true })).toHaveCount(0)

  await custom.getByRole('button', { name: 'Edit', exact: true }).click()
  const json = page.getByRole('dialog', { name: 'my-custom-llm' })
  await expect(json.getByLabel('Custom model JSON')).toContainText('"model_family": "qwen2.5-instruct"')
  await json.getByRole('button', { name: 'Copy Json' }).click()
  await expect(json.getByRole('button', { name: 'Copied to clipboard!' })).toBeVisible()
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toMatchObject({
    model_name: 'my-custom-llm',
  })
  await json.getByRole('button', { name: 'Edit' }).click()
  await expect(page).toHaveURL(/#\/register_model\/llm\/my-custom-llm$/)
  expect(
    JSON.parse((await page.evaluate(() => sessionStorage.getItem('customJsonData'))) ?? '{}'),
  ).toMatchObject({ model_name: 'my-custom-llm' })

  await page.goto('#/launch_model/custom/llm')
  await card(page, 'my-custom-llm').getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Warning' })).toContainText(
    'Are you sure to delete this custom model? This behavior is irreversible.',
  )
  await page.getByRole('button', { name: 'yes' }).click()
  await expect(card(page, 'my-custom-llm')).toBeHidden()
  const names = (await (await request.get(api('/api/v1/model_registrations/LLM'))).json()) as {
    model_name: string
  }[]
  expect(names.map((entry) => entry.model_name)).not.toContain('my-custom-llm')
})
