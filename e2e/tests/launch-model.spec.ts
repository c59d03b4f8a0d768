import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { card, cards, terminateAll } from '../support/console-pages'

// Launch Model before a launch: the catalogue's tabs, filters and favourites, and the drawer's form.
// Tall enough for a whole tab of the platform's catalogue: the grid renders only rows near the window.
test.use({ viewport: { width: 1500, height: 2200 } })

test.afterEach(async ({ request }) => {
  await terminateAll(request)
})

test('tabs remember the kind, custom sub-tabs too, and direct entry works', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await expect(page.getByRole('tab', { name: 'Language Models', selected: true })).toBeVisible()
  await page.getByRole('tab', { name: 'Embedding Models' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/embedding$/)
  await expect(card(page, 'bge-m3')).toContainText('1024')
  await expect(card(page, 'bge-m3')).toContainText('dimensions')
  expect(await page.evaluate(() => sessionStorage.getItem('modelType'))).toBe('/launch_model/embedding')

  await page.getByRole('tab', { name: 'Custom Models' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/llm$/)
  await page
    .getByRole('tablist', { name: 'Custom model types' })
    .getByRole('tab', { name: 'Rerank Models' })
    .click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/rerank$/)
  expect(await page.evaluate(() => sessionStorage.getItem('subType'))).toBe('/launch_model/custom/rerank')

  // Upstream crashes on a direct entry to a custom sub-tab; ours opens it.
  await page.goto('about:blank')
  await page.goto('#/launch_model/custom/flexible')
  await expect(
    page
      .getByRole('tablist', { name: 'Custom model types' })
      .getByRole('tab', { name: 'Flexible Models', selected: true }),
  ).toBeVisible()
})

test('search, ability and status filters narrow the cards, as removable chips', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await expect(card(page, 'qwen3')).toBeVisible()
  const search = page.getByRole('textbox', { name: 'Search for model name and description' })
  await search.fill('coder')
  await expect(cards(page)).toHaveCount(1)
  await expect(card(page, 'qwen2.5-coder-instruct')).toBeVisible()
  // Descriptions count on the LLM tab.
  await search.fill('laptop')
  await expect(cards(page)).toHaveCount(1)
  await expect(card(page, 'gemma-3-1b-it')).toBeVisible()
  await search.fill('')

  await page.getByRole('combobox', { name: 'Model Ability' }).click()
  await page.getByRole('option', { name: 'generate' }).click()
  await page.keyboard.press('Escape')
  await expect(card(page, 'llama-2')).toBeVisible()
  await expect(card(page, 'qwen3')).toBeHidden()
  const chosen = page.getByRole('group', { name: 'Chosen filters' })
  await expect(chosen).toHaveText('generate')
  await chosen.getByRole('button', { name: 'Remove generate' }).click()
  await expect(chosen).toBeHidden()
  await expect(card(page, 'qwen3')).toBeVisible()

  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: 'favorite' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByText('No model matches these filters.')).toBeVisible()
  // The way back is offered where the cards were.
  await page.getByRole('button', { name: 'Clear the filters' }).click()
  await expect(card(page, 'qwen3')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Chosen filters' })).toBeHidden()
})

test('a favourite is kept across reloads', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await card(page, 'qwen3').getByRole('button', { name: 'Favorite', exact: true }).click()
  await expect(card(page, 'qwen3').getByRole('button', { name: 'Unfavorite', exact: true })).toBeVisible()
  await page.reload()
  await expect(card(page, 'qwen3').getByRole('button', { name: 'Unfavorite', exact: true })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('collectionArr'))).toBe('["qwen3"]')
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: 'favorite' }).click()
  await page.keyboard.press('Escape')
  await expect(cards(page)).toHaveCount(1)
  await card(page, 'qwen3').getByRole('button', { name: 'Unfavorite', exact: true }).click()
  expect(await page.evaluate(() => localStorage.getItem('collectionArr'))).toBe('[]')
})

test('the card’s best choice comes chosen; LAUNCH says what it still needs while it is disabled', async ({
  page,
}) => {
  await page.goto('#/launch_model/llm')
  // The platform recommends a size and quantization on the card (a gateway's cluster does not).
  if (test.info().project.name === 'open') {
    const chip = card(page, 'qwen2.5-instruct').getByText(/^Fits well · /)
    const [, size, quantization] = /· (\S+) (\S+) ·/.exec((await chip.textContent()) ?? '') ?? []
    await card(page, 'qwen2.5-instruct').click()
    const drawer = page.getByRole('region', { name: 'Launch qwen2.5-instruct' })
    await expect(drawer.getByRole('combobox', { name: 'Model Size' })).toHaveText(size ?? 'none')
    await expect(drawer.getByRole('combobox', { name: 'Quantization' })).toHaveText(quantization ?? 'none')
    await expect(drawer.getByRole('button', { name: 'Launch', exact: true })).toBeEnabled()
    return
  }
  await card(page, 'qwen3').click()
  const drawer = page.getByRole('region', { name: 'Launch qwen3' })
  const launch = drawer.getByRole('button', { name: 'Launch', exact: true })
  await expect(launch).toBeDisabled()
  await expect(launch).toHaveAccessibleDescription(/^To launch, choose .*Quantization\.$/)
  for (const name of ['Model Format', 'Model Size', 'Quantization']) {
    const field = drawer.getByRole('combobox', { name })
    if ((await field.textContent())?.trim()) continue
    await field.click()
    await page.getByRole('option').first().click()
  }
  await expect(launch).toBeEnabled()
  await expect(launch).not.toHaveAttribute('aria-describedby')
})

test('the launch as a command line: copied, pasted back to the same form, refused when it cannot be', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // A phone: the open panel leaves the form its room, and the command wraps between its flags.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('#/launch_model/llm')
  await card(page, 'tiny-chat').click()
  const drawer = page.getByRole('region', { name: 'Launch tiny-chat' })
  const uid = drawer.getByRole('textbox', { name: 'Model UID (optional)' })
  await uid.fill('from-a-command')
  await drawer.getByRole('button', { name: 'Command line' }).click()
  const command = drawer.getByLabel('xinference launch', { exact: true })
  await uid.scrollIntoViewIfNeeded()
  await expect(drawer.getByRole('spinbutton', { name: 'Replica' })).toBeInViewport()
  const lines = await command
    .locator('span')
    .evaluateAll((pieces) => pieces.map((piece) => [piece.textContent, piece.getClientRects().length]))
  expect(lines.length).toBeGreaterThan(5)
  expect(lines.filter(([, boxes]) => boxes !== 1)).toEqual([])
  await expect(command).toContainText(
    /^xinference launch --endpoint http:\/\/127\.0\.0\.1:\d+ --model-name tiny-chat --model-type LLM --model-engine llama\.cpp --model-uid from-a-command /,
  )
  await drawer.getByRole('button', { name: 'Copy the command' }).click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(await command.textContent())

  // Pasted back over a changed form: the form is what was copied.
  await uid.fill('something else')
  const paste = drawer.getByRole('textbox', { name: 'Paste an xinference launch command' })
  await paste.fill(copied)
  await drawer.getByRole('button', { name: 'Fill the form' }).click()
  await expect(uid).toHaveValue('from-a-command')
  await expect(drawer.getByRole('combobox', { name: 'Quantization' })).toHaveText('f32')

  // A line the form cannot hold changes nothing, and says why.
  await paste.fill(`${copied} --model-path /models/x`)
  await drawer.getByRole('button', { name: 'Fill the form' }).click()
  await expect(paste).toHaveAccessibleDescription(
    'The form has no place for --model-path: nothing was filled.',
  )
  await expect(uid).toHaveValue('from-a-command')
  await paste.fill('xinference launch --model-name qwen3 --model-engine llama.cpp')
  await drawer.getByRole('button', { name: 'Fill the form' }).click()
  await expect(paste).toHaveAccessibleDescription(
    'This command launches qwen3, not tiny-chat: nothing was filled.',
  )

  await drawer.getByRole('combobox', { name: 'Format', exact: true }).click()
  await page.getByRole('option', { name: 'curl' }).click()
  await expect(drawer.getByLabel('curl', { exact: true })).toContainText(
    /^curl -X POST http:\/\/127\.0\.0\.1:\d+\/v1\/models/,
  )
})

test('launch form validation messages', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await card(page, 'qwen2.5-instruct').click()
  const drawer = page.getByRole('region', { name: 'Launch qwen2.5-instruct' })
  const launch = drawer.getByRole('button', { name: 'Launch', exact: true })
  await drawer.getByRole('combobox', { name: 'Model Size' }).click()
  await page.getByRole('option', { name: '0.5B' }).click()
  await drawer.getByRole('combobox', { name: 'Quantization' }).click()
  await page.getByRole('option', { name: 'q4_k_m' }).click()
  await expect(launch).toBeEnabled()

  const limits = drawer.getByRole('textbox', { name: 'Request Limits (optional)' })
  await limits.fill('0')
  await expect(drawer.getByText('Please enter an integer greater than 0')).toBeVisible()
  await expect(launch).toBeDisabled()
  await limits.fill('4')
  await expect(launch).toBeEnabled()

  // The platform's own options have bounded fields; a gateway sends them as additional parameters.
  const parallel = drawer.getByRole('spinbutton', { name: 'Parallel requests (optional)' })
  if (test.info().project.name === 'open') {
    await expect(parallel).toHaveAccessibleDescription(
      'Requests each replica serves at once, each with its own context: 1 to 64; empty means 4.',
    )
    await parallel.fill('65')
    await expect(parallel).toHaveAccessibleDescription('Please enter a whole number from 1 to 64')
    await expect(launch).toBeDisabled()
    await parallel.fill('8')
    await expect(launch).toBeEnabled()
    const context = drawer.getByRole('spinbutton', { name: 'Context per request, tokens (optional)' })
    await expect(context).toHaveAccessibleDescription(
      "Tokens of conversation each parallel request can hold: 128 to 1,048,576; empty means the model's context length, at most 4,096. Memory grows with it times the parallel requests.",
    )
    await context.fill('100')
    await expect(context).toHaveAccessibleDescription('Please enter a whole number from 128 to 1,048,576')
    await expect(launch).toBeDisabled()
    await context.fill('1024')
    await expect(launch).toBeEnabled()
    // The estimate follows both: eight places of 1,024 tokens each.
    await expect(drawer.getByText(/KV cache of 8 sequences of 1,024 tokens/)).toBeVisible()
    await expect(
      drawer.getByRole('spinbutton', { name: 'Unload when idle, minutes (optional)' }),
    ).toBeVisible()
  } else {
    await expect(parallel).toHaveCount(0)
  }

  const gpuIdx = drawer.getByRole('textbox', { name: 'GPU Idx (optional)' })
  await gpuIdx.fill('0,a')
  await expect(
    drawer.getByText('Please enter numeric data separated by commas, for example: 0,1,2'),
  ).toBeVisible()
  await expect(launch).toBeDisabled()
  await gpuIdx.fill('')

  await drawer.getByRole('button', { name: 'Optional configurations' }).click()
  const add = drawer.getByRole('button', { name: 'Add Additional parameters passed to the inference engine' })
  await add.click()
  await add.click()
  await expect(page.getByRole('alert')).toHaveText('Please fill in the complete parameters before adding!!')
  const keys = drawer.getByRole('textbox', { name: 'key' })
  const values = drawer.getByRole('textbox', { name: 'value' })
  await keys.nth(0).fill('n_ctx')
  await expect(launch).toBeDisabled()
  await values.nth(0).fill('4096')
  await expect(launch).toBeEnabled()
  await add.click()
  await keys.nth(1).fill('n_ctx')
  await values.nth(1).fill('8192')
  await expect(drawer.getByText('n_ctx must be unique')).toHaveCount(2)
  await expect(launch).toBeDisabled()
})

test('renders an upstream v1.8 catalogue (flattened specs) as well', async ({ page }) => {
  const fixture = fileURLToPath(new URL('../../fixtures/xinference-v1.8/llm-detailed.json', import.meta.url))
  // Real-shaped data from an upstream server, which ours does not produce.
  await page.route('**/api/v1/model_registrations/LLM?detailed=true', (route) =>
    route.fulfill({ contentType: 'application/json', body: readFileSync(fixture) }),
  )
  await page.setViewportSize({ width: 1500, height: 900 })
  await page.goto('#/launch_model/llm')
  await expect(card(page, 'baichuan-2')).toBeVisible()
  // 120 families, but only the rows near the window are in the page.
  expect(await cards(page).count()).toBeLessThan(30)
  await page.getByRole('textbox', { name: 'Search for model name and description' }).fill('codeqwen1.5')
  await expect(card(page, 'codeqwen1.5-chat')).toContainText('65K')
  await page.getByRole('textbox', { name: 'Search for model name and description' }).fill('')
  // The cards follow the field a frame later (a deferred render); scroll once the whole list is back.
  await expect(card(page, 'baichuan-2')).toBeVisible()
  // Scrolling to the end brings the last family in.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect(card(page, 'Yi-chat')).toBeVisible()
  await expect(card(page, 'baichuan-2')).toHaveCount(0)
})
