import { expect, test } from '@playwright/test'
import { cleanUp, form, json, writeModels } from '../support/register-page'

// Register Model’s forms: tabs, SPEC’s defaults, validation, fields that follow each other.
test.beforeAll(writeModels)
test.beforeEach(async ({ request }) => cleanUp(request))
test.afterEach(async ({ request }) => cleanUp(request))

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
