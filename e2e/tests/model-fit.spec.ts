import { expect, test, type Page } from '@playwright/test'
import { forgetAllModels, tinyModelBytes } from '../support/models'

// The embedded platform only: it estimates what fits its machine (a cluster's console says it does not know).
const api = (path: string) => new URL(`..${path}`, test.info().project.use.baseURL).href
const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true })

/** What this platform's local hub lists and serves for every file: the generated tiny chat model. */
const hubFileSize = (): number => tinyModelBytes('chat').length

test.use({ viewport: { width: 1500, height: 2200 } })
test.beforeEach(async ({ request }) => forgetAllModels(request, api))

test('each card says how its best choice fits here, and Runs here keeps to what can run', async ({
  page,
}) => {
  await page.goto('#/launch_model/llm')
  await expect(card(page, 'tiny-chat')).toContainText(/Fits well · 0\.0002B f32 · [\d.]+ MiB/)
  // How fast it would answer, said as an estimate (a tiny model: faster than the estimate goes).
  await expect(card(page, 'tiny-chat')).toContainText('Speed: over 100 tokens/s (an estimate)')
  const runsHere = page.getByRole('switch', { name: 'Runs here' })
  await runsHere.check()
  await expect(card(page, 'tiny-chat')).toBeVisible()

  // Image models need a cluster's Python engines: none runs here. The tab opens in a transition that keeps the
  // Language Models list (its switch already on) on screen meanwhile: wait for the Image list itself and for its
  // estimates, or the check lands on the old switch and the new tab opens with the filter off.
  const imageFit = page.waitForResponse((response) => response.url().endsWith('/api/v1/fit/image'))
  await page.getByRole('tab', { name: 'Image Models' }).click()
  await expect(page.getByRole('tab', { name: 'Image Models', selected: true })).toBeVisible()
  await expect(card(page, 'sd-turbo')).toBeVisible()
  await imageFit
  await page.getByRole('switch', { name: 'Runs here' }).check()
  await expect(page.getByText('No model matches these filters.')).toBeVisible()
})

test('the drawer says whether a quantization fits and where its file comes from, and asks before a download that cannot start', async ({
  page,
  request,
}) => {
  await page.goto('#/launch_model/llm')
  await card(page, 'qwen2.5-instruct').click()
  const drawer = page.getByRole('region', { name: 'Launch qwen2.5-instruct' })
  const panel = drawer.getByRole('region', { name: 'Will it fit here' })
  await drawer.getByRole('combobox', { name: 'Model Size' }).click()
  await page.getByRole('option', { name: '0.5B' }).click()
  await drawer.getByRole('combobox', { name: 'Quantization' }).click()
  await page.getByRole('option', { name: 'q4_k_m' }).click()

  // Sized by the hub's own file list; the memory counts the KV cache of 4 sequences.
  const size = `${(hubFileSize() / 1024).toFixed(2)} KiB`
  await expect(panel).toContainText(`Needs download from Hugging Face: ${size}.`)
  await expect(panel).toContainText(
    /Fits well\s*Needs about [\d.]+ MiB of the [\d.]+ GiB of memory \(RAM\) free now\./,
  )
  await expect(panel).toContainText('KV cache of 4 sequences of 4,096 tokens')
  // The speed, as the estimate it is, and what it rests on.
  await expect(panel).toContainText(
    /Writes (about|over) [\d.]+ tokens\/s here\. An estimate: \d+ CPU cores? draws? some [\d.]+ GiB\/s from memory, and each token reads the whole [\d.]+ KiB of weights\./,
  )
  await panel.getByRole('button', { name: 'All 8 quantizations' }).click()
  const rows = panel.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(9)
  await expect(panel.getByRole('row', { name: /^q4_k_m/ })).toHaveAttribute('aria-current', 'true')

  // This server's ModelScope address answers nothing: said, with what to do, and asked before launching.
  await drawer.getByRole('combobox', { name: 'Download Hub (optional)' }).click()
  await page.getByRole('option', { name: 'modelscope' }).click()
  await expect(panel.getByText('ModelScope cannot be reached (http://127.0.0.1:9)')).toBeVisible()
  await expect(panel).toContainText(
    'Choose Hugging Face as Download Hub, start the server with --modelscope-endpoint naming a mirror, or choose a cached quantization.',
  )
  await drawer.getByRole('button', { name: 'Launch', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Warning' })
  await expect(confirm).toContainText(
    /ModelScope cannot be reached \(.+\), and this quantization is not cached, so the download will fail\. Launch anyway\?/,
  )
  await confirm.getByRole('button', { name: 'No' }).click()
  await expect(confirm).toBeHidden()
  const launches = (await (await request.get(api('/api/v1/models/launches'))).json()) as unknown[]
  expect(launches).toEqual([])
})

test('a launch that will not fit asks first, saying how much it needs', async ({ page }) => {
  await page.goto('#/launch_model/llm')
  await card(page, 'llama-2').click()
  const drawer = page.getByRole('region', { name: 'Launch llama-2' })
  await drawer.getByRole('button', { name: 'Command line' }).click()
  // 13B without grouped-query attention: 64 sequences of 4,096 tokens need some 200 GiB of KV cache.
  await drawer
    .getByRole('textbox', { name: 'Paste an xinference launch command' })
    .fill(
      'xinference launch --model-name llama-2 --model-engine llama.cpp --model-format ggufv2 --size-in-billions 13 --quantization Q4_K_M --n_parallel 64',
    )
  await drawer.getByRole('button', { name: 'Fill the form' }).click()
  const panel = drawer.getByRole('region', { name: 'Will it fit here' })
  await expect(panel).toContainText(/Does not fit\s*Needs about 2\d\d\.\d\d GiB/)
  await drawer.getByRole('button', { name: 'Launch', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Warning' })
  await expect(confirm).toContainText(
    /This launch needs about 2\d\d\.\d\d GiB, but only [\d.]+ [GM]iB of memory \(RAM\) is free\. It may fail or slow the whole machine\. Launch anyway\?/,
  )
  await confirm.getByRole('button', { name: 'No' }).click()
  await expect(confirm).toBeHidden()
  await expect(drawer).toBeVisible()
})
