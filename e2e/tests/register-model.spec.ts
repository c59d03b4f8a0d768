import { join } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { writeTinyModel } from '../support/models'
import { testServer } from '../support/servers'

const api = (path: string) => new URL(`..${path}`, test.info().project.use.baseURL).href
/** Custom model files live in the server's model folders (its data dir's models/ by default). */
const models = join(testServer('open').dataDir, 'models', 'register-e2e')
const form = (page: Page) => page.getByRole('form', { name: 'Register model' })
const json = async (page: Page) =>
  JSON.parse((await page.getByLabel('Custom json config').textContent()) ?? '{}') as Record<string, unknown>

async function cleanUp(request: APIRequestContext) {
  const running = (await (await request.get(api('/api/v1/models'))).json()) as { data: { id: string }[] }
  for (const model of running.data) await request.delete(api(`/api/v1/models/${model.id}`))
  for (const [type, name] of [
    ['LLM', 'my-tiny-llm'],
    ['embedding', 'my-tiny-embedding'],
    ['rerank', 'my-tiny-rerank'],
    ['image', 'my-image'],
    ['audio', 'my-audio'],
    ['flexible', 'my-flexible'],
  ] as const) {
    await request.delete(api(`/api/v1/model_registrations/${type}/${name}`))
  }
}

test.beforeAll(() => {
  writeTinyModel(models, 'tiny-chat-q4.gguf', 'chat')
  writeTinyModel(models, 'tiny-embedding.gguf', 'embedding')
  writeTinyModel(models, 'tiny-rerank.gguf', 'rerank')
})
test.beforeEach(async ({ request }) => cleanUp(request))
test.afterEach(async ({ request }) => cleanUp(request))

/** Fills the LLM form for the tiny chat model, as a user would. */
async function fillLlm(page: Page) {
  await page.getByLabel('Model Name').fill('my-tiny-llm')
  await page.getByRole('checkbox', { name: 'chat' }).check()
  await page.getByRole('combobox', { name: 'Model Family' }).click()
  await page.getByRole('option', { name: 'qwen2.5-instruct' }).click()
  await page.getByRole('combobox', { name: 'Model Format' }).click()
  await page.getByRole('option', { name: 'ggufv2' }).click()
  await page.getByLabel('Model Path (the GGUF file)').fill(join(models, 'tiny-chat-q4.gguf'))
}

test('tabs are remembered, and every form shows SPEC’s defaults in its JSON Format panel', async ({
  page,
}) => {
  await page.goto('#/register_model/llm')
  await expect(page.getByRole('tab')).toHaveText([
    'Language Model',
    'Embedding Model',
    'Rerank Model',
    'Image Model',
    'Audio Model',
    'Flexible Model',
  ])
  await page.getByText('JSON Format').click()
  await expect(page.getByText('Show custom json config used by api')).toBeVisible()
  expect(await json(page)).toMatchObject({
    version: 1,
    context_length: 2048,
    model_lang: ['en'],
    model_ability: ['generate'],
    // No invented size: empty until the user or Fill from file gives one.
    model_specs: [{ model_format: 'pytorch', model_size_in_billions: '', quantizations: ['none'] }],
  })
  await page.getByRole('tab', { name: 'Embedding Model' }).click()
  await expect(page).toHaveURL(/#\/register_model\/embedding$/)
  expect(await page.evaluate(() => sessionStorage.getItem('registerModelType'))).toBe(
    '/register_model/embedding',
  )
  await page.getByText('JSON Format').click()
  expect(await json(page)).toEqual({
    model_name: '',
    dimensions: 768,
    max_tokens: 512,
    model_uri: '',
    language: ['en'],
  })
  await page.getByRole('tab', { name: 'Image Model' }).click()
  await page.getByText('JSON Format').click()
  expect(await json(page)).toEqual({
    model_name: '',
    model_uri: '',
    model_family: 'stable_diffusion',
    controlnet: [],
  })
  await page.getByRole('tab', { name: 'Flexible Model' }).click()
  await page.getByText('JSON Format').click()
  expect(await json(page)).toMatchObject({
    launcher: 'xinference.model.flexible.launchers.transformers',
    launcher_args: '{}',
  })
})

test('validation messages, as SPEC words them', async ({ page }) => {
  await page.goto('#/register_model/llm')
  // A form just opened is not wrong yet: nothing in red until a field is touched or the form sent.
  const family = page.getByRole('combobox', { name: 'Model Family' })
  await expect(family).toBeVisible()
  await expect(family).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Choose the family the model belongs to, or other.')).toBeHidden()
  await form(page).getByRole('button', { name: 'Register Model' }).click()
  await expect(form(page).getByRole('alert')).toHaveText('Please fill in valid value for all fields')
  await expect(family).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Please enter a number greater than 0.')).toBeVisible()
  await page.getByLabel('Context Length').fill('0')
  await expect(page.getByText('Please enter an integer greater than 0.')).toBeVisible()
  await page.getByLabel('Model Size in Billions').fill('-1')
  await expect(page.getByText('Please enter a number greater than 0.')).toBeVisible()
  await page.getByRole('combobox', { name: 'Model Format' }).click()
  await page.getByRole('option', { name: 'gptq' }).click()
  await expect(page.getByText('Quantization cannot be left empty.')).toBeVisible()
  await page.getByRole('checkbox', { name: 'English' }).uncheck()
  // In the error colour: red (the theme's error text, a shade darker than SPEC's #d8342c where that reads badly).
  await expect(page.getByText('Model Languages')).toHaveCSS(
    'color',
    /^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/,
  )
  await page.getByRole('tab', { name: 'Flexible Model' }).click()
  await page.getByLabel('Launcher Arguments (JSON)').fill('not json')
  await expect(page.getByText('Please enter the JSON-formatted dictionary.')).toBeVisible()
})

test('abilities, family and prompt style follow each other', async ({ page }) => {
  await page.goto('#/register_model/llm')
  const family = page.getByRole('combobox', { name: 'Model Family' })
  await family.click()
  // Without chat: the generate families, 'other' last.
  await expect(page.getByRole('option').last()).toHaveText('other')
  await page.getByRole('option', { name: 'llama-2', exact: true }).click()
  await page.getByRole('checkbox', { name: 'chat' }).check()
  await expect(family).toHaveText(/^(\u200b)?$/)
  await family.click()
  await page.getByRole('option', { name: 'qwen2.5-instruct' }).click()
  const prompt = page.getByRole('region', { name: 'Prompt style' })
  await expect(prompt.getByLabel('chat_template')).toContainText('<|im_start|>')
  await page.getByText('JSON Format').click()
  expect(await json(page)).toHaveProperty('prompt_style.stop_token_ids')
  // A family whose template lives in its model file: no template, said as none (never a literal null).
  await family.click()
  await page.getByRole('option', { name: 'tiny-chat' }).click()
  await expect(prompt.getByLabel('chat_template')).toHaveValue('')
  await expect(prompt.getByLabel('chat_template')).toHaveAttribute('placeholder', 'none')
  await page.getByRole('checkbox', { name: 'chat' }).uncheck()
  await expect(prompt).toBeHidden()
  expect(await json(page)).not.toHaveProperty('prompt_style')
})

test('register an LLM from a GGUF file, see its card, launch it and chat, edit, cancel, delete', async ({
  page,
  request,
}) => {
  await page.goto('#/register_model/llm')
  await fillLlm(page)
  // A path the server refuses is said under the path field (and read out), not in a toast over the page.
  const path = page.getByLabel('Model Path (the GGUF file)')
  await path.fill(join(models, 'missing.gguf'))
  await page.getByRole('button', { name: 'Fill from file' }).click()
  await expect(path).toHaveAccessibleDescription(/does not exist/)
  await expect(page.getByRole('alert')).toHaveCount(1)
  await expect(form(page).getByRole('alert')).toContainText('does not exist')
  await path.fill(join(models, 'tiny-chat-q4.gguf'))
  await expect(form(page).getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: 'Fill from file' }).click()
  await expect(page.getByLabel('Model Size in Billions')).not.toHaveValue('')
  // The quantization is the file's own (its weights are f32), not left empty to be sent as `default`.
  await expect(page.getByLabel('Quantization (optional)')).toHaveValue('f32')
  await page.getByText('JSON Format').click()
  const sent = await json(page)
  expect(sent).toMatchObject({
    model_name: 'my-tiny-llm',
    model_specs: [
      {
        model_uri: models,
        model_format: 'ggufv2',
        model_file_name_template: 'tiny-chat-q4.gguf',
        quantizations: ['f32'],
      },
    ],
  })
  const posted = page.waitForRequest(
    (req) => req.method() === 'POST' && req.url().includes('model_registrations'),
  )
  await form(page).getByRole('button', { name: 'Register Model' }).click()
  // What the panel showed is exactly what was sent.
  expect(JSON.parse((JSON.parse((await posted).postData() ?? '{}') as { model: string }).model)).toEqual(sent)
  await expect(page).toHaveURL(/#\/launch_model\/custom\/llm$/)
  expect(await page.evaluate(() => sessionStorage.getItem('subType'))).toBe('/launch_model/custom/llm')

  const card = page.getByRole('listitem', { name: 'my-tiny-llm', exact: true })
  await card.click()
  await page.getByRole('button', { name: 'Launch', exact: true }).click()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/, { timeout: 20_000 })
  const chat = await request.post(api('/v1/chat/completions'), {
    data: {
      model: 'my-tiny-llm',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 4,
      temperature: 0,
    },
  })
  expect(chat.status()).toBe(200)
  await request.delete(api('/api/v1/models/my-tiny-llm'))

  // Edit: disabled until something changes; Cancel leaves everything as it was.
  await page.goto('#/launch_model/custom/llm')
  await card.getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click()
  await expect(page).toHaveURL(/#\/register_model\/llm\/my-tiny-llm$/)
  const edit = form(page).getByRole('button', { name: 'Edit' })
  await expect(edit).toBeDisabled()
  await page.getByLabel('Model Description (Optional)').fill('edited by the e2e test')
  await expect(edit).toBeEnabled()
  await form(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/llm$/)
  await card.getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Model Description (Optional)').fill('edited by the e2e test')
  await edit.click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/llm$/)
  await expect(card).toContainText('edited by the e2e test')

  // A re-registration the server refuses keeps the old model and says so; the form keeps the user's input.
  await card.getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Model Path (the GGUF file)').fill(join(models, 'missing.gguf'))
  await edit.click()
  await expect(page.getByRole('alert').filter({ hasText: 'was kept' })).toContainText('does not exist')
  await expect(page.getByLabel('Model Path (the GGUF file)')).toHaveValue(join(models, 'missing.gguf'))
  const kept = await request.get(api('/api/v1/model_registrations/LLM/my-tiny-llm'))
  expect(kept.status()).toBe(200)
  expect(((await kept.json()) as { model_description: string }).model_description).toBe(
    'edited by the e2e test',
  )
})

test('edit mode entered directly, with no copy in the session, loads the model from the server', async ({
  page,
  request,
}) => {
  const registered = await request.post(api('/api/v1/model_registrations/embedding'), {
    data: {
      model: JSON.stringify({
        model_name: 'my-tiny-embedding',
        dimensions: 64,
        max_tokens: 2048,
        model_uri: join(models, 'tiny-embedding.gguf'),
        language: ['en', 'fr'],
      }),
      persist: true,
    },
  })
  expect(registered.status()).toBe(200)
  await page.goto('#/register_model/embedding/my-tiny-embedding')
  await expect(page.getByLabel('Dimensions')).toHaveValue('64')
  await expect(page.getByLabel('Model Path')).toHaveValue(join(models, 'tiny-embedding.gguf'))
  await expect(form(page).getByRole('button', { name: 'Edit' })).toBeDisabled()
})

test('embedding and rerank models register from the form and launch; image, audio and flexible are listed', async ({
  page,
  request,
}) => {
  await page.goto('#/register_model/embedding')
  await page.getByLabel('Model Name').fill('my-tiny-embedding')
  await page.getByLabel('Model Path').fill(join(models, 'tiny-embedding.gguf'))
  await page.getByRole('button', { name: 'Fill from file' }).click()
  await expect(page.getByLabel('Dimensions')).toHaveValue('64')
  await form(page).getByRole('button', { name: 'Register Model' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/embedding$/)

  await page.goto('#/register_model/rerank')
  await page.getByLabel('Model Name').fill('my-tiny-rerank')
  await page.getByLabel('Model Path').fill(join(models, 'tiny-rerank.gguf'))
  await form(page).getByRole('button', { name: 'Register Model' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/rerank$/)

  for (const [type, name] of [
    ['embedding', 'my-tiny-embedding'],
    ['rerank', 'my-tiny-rerank'],
  ] as const) {
    const launched = await request.post(api('/api/v1/models'), {
      data: { model_name: name, model_type: type },
    })
    expect(launched.status(), name).toBe(200)
  }
  const embedded = await request.post(api('/v1/embeddings'), {
    data: { model: 'my-tiny-embedding', input: 'hi' },
  })
  expect(((await embedded.json()) as { data: { embedding: number[] }[] }).data[0]?.embedding).toHaveLength(64)

  await page.goto('#/register_model/image')
  await page.getByLabel('Model Name').fill('my-image')
  await page.getByLabel('Model Path').fill(models)
  await page.getByRole('button', { name: 'Add Controlnet' }).click()
  await form(page).getByRole('button', { name: 'Register Model' }).click()
  await expect(form(page).getByRole('alert')).toHaveText('Please fill in valid value for all fields')
  await page.getByRole('button', { name: 'Delete controlnet 1' }).click()
  await form(page).getByRole('button', { name: 'Register Model' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/image$/)
  await expect(page.getByRole('listitem', { name: 'my-image', exact: true })).toBeVisible()

  for (const kind of ['audio', 'flexible'] as const) {
    await page.goto(`#/register_model/${kind}`)
    await page.getByLabel('Model Name').fill(`my-${kind}`)
    await page.getByLabel('Model Path').fill(models)
    await form(page).getByRole('button', { name: 'Register Model' }).click()
    await expect(page).toHaveURL(new RegExp(`#/launch_model/custom/${kind}$`))
    await expect(page.getByRole('listitem', { name: `my-${kind}`, exact: true })).toBeVisible()
  }
})
