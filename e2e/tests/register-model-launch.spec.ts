import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { api } from '../support/console-pages'
import { cleanUp, fillLlm, form, json, models, writeModels } from '../support/register-page'

// Registered models in use: launched, chatted with, edited, deleted; every kind of model.
test.beforeAll(writeModels)
test.beforeEach(async ({ request }) => cleanUp(request))
test.afterEach(async ({ request }) => cleanUp(request))

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
