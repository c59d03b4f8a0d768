import { expect, test } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { api, grid } from '../support/console-pages'
import { forgetAllModels } from '../support/models'

// Running Models' table: its tabs and columns, a model's load, Stop all, the cards of a phone.
/** SPEC §2's columns of the language models' table. */
const LLM_COLUMNS = ['ID', 'Name', 'Address', 'GPU Indexes', 'Size', 'Quantization', 'Replica', 'Actions']

test.beforeEach(async ({ request }) => forgetAllModels(request, api))
test.afterEach(async ({ request }) => forgetAllModels(request, api))

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
  const next = page.getByRole('link', { name: 'Launch a model' })
  await expect(next).toHaveAttribute('href', '#/launch_model/llm')
  // The next step is in sight, not under an empty grid's height.
  await expect(next).toBeInViewport({ ratio: 1 })

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

test('SPEC’s column minimums, every action in sight from 1280 px up, and a card per model on a phone', async ({
  page,
  request,
}) => {
  const uid = 'a-rather-long-model-uid-of-40-chars'
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: uid },
  })
  expect(launched.status()).toBe(200)
  const actions = ['Launch Web UI', `Log of ${uid}`, `Terminate ${uid}`]
  for (const width of [1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('#/running_models/LLM')
    const row = grid(page).getByRole('row', { name: /a-rather-long-model-uid/ })
    // The first list of a busy server (a worker just started) may take a while.
    await expect(row).toBeVisible({ timeout: 15_000 })
    for (const name of [...actions, `Usage of ${uid} and how to use it`]) {
      await expect(row.getByRole('button', { name }), `${name} at ${width} px`).toBeInViewport({ ratio: 1 })
    }
    // SPEC §9: ID at least 250 px, Actions at least 200 px.
    const header = async (name: string) =>
      (await grid(page).getByRole('columnheader', { name, exact: true }).boundingBox())?.width ?? 0
    expect(await header('ID'), `ID at ${width} px`).toBeGreaterThanOrEqual(250)
    expect(await header('Actions'), `Actions at ${width} px`).toBeGreaterThanOrEqual(200)
  }
  // Terminate, which cannot be undone, is well apart from the Log beside it.
  const row = grid(page).getByRole('row', { name: /a-rather-long-model-uid/ })
  const log = await row.getByRole('button', { name: `Log of ${uid}` }).boundingBox()
  const terminate = await row.getByRole('button', { name: `Terminate ${uid}` }).boundingBox()
  expect((terminate?.x ?? 0) - ((log?.x ?? 0) + (log?.width ?? 0))).toBeGreaterThanOrEqual(16)

  // A phone: a card per model, its status and actions in the screen's width, the first near the top.
  await page.setViewportSize({ width: 390, height: 844 })
  const card = page.getByRole('list', { name: 'Running models' }).getByRole('listitem', { name: uid })
  await expect(card).toBeInViewport({ ratio: 1 })
  expect((await card.boundingBox())?.y ?? 844).toBeLessThan(422)
  await expect(card.getByText('Ready', { exact: true })).toBeVisible()
  for (const name of actions) {
    await expect(card.getByRole('button', { name }), `${name} at 390 px`).toBeInViewport({ ratio: 1 })
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(page, 'the cards of a phone')
})

test('a model of this platform shows its load, read again while it serves', async ({ page, request }) => {
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'busy', n_parallel: 1, idle_ttl: 10 },
  })
  expect(launched.status()).toBe(200)
  await page.goto('#/running_models/LLM')
  // This platform's rows carry their health and load under the ID: SPEC's columns, at SPEC's widths.
  await expect(grid(page).getByRole('columnheader')).toHaveText(LLM_COLUMNS)
  const row = grid(page).getByRole('row', { name: /busy/ })
  await expect(row.getByText('Ready', { exact: true })).toBeVisible()
  // Idle, with an idle_ttl of 10 minutes: when it goes instead of its (empty) load; what it means on a tap
  // (a touch screen has no hover) and on the keyboard's focus, and as its description.
  const idle = row.getByRole('button', { name: 'unloads in 10 min', exact: true })
  await expect(idle).toHaveAccessibleDescription(/^unloads in 10 min; Serving 0 of 1 requests at once/)
  const details = page.getByRole('tooltip')
  await idle.click()
  await expect(details).toContainText('Serving 0 of 1 requests at once')
  await expect(details).toBeInViewport({ ratio: 1 })
  await idle.click()
  await expect(details).toBeHidden()
  await idle.focus()
  await page.keyboard.press('Enter')
  await expect(details).toContainText('Serving 0 of 1 requests at once')
  await page.keyboard.press('Escape')
  await expect(details).toBeHidden()
  const first = await request.post(api('/v1/chat/completions'), {
    data: { model: 'busy', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 3 },
  })
  expect(first.status()).toBe(200)
  // Long answers one after another on the one place: seconds of work, so a refresh (every 5 s) sees it busy.
  const answers = Array.from({ length: 6 }, () =>
    request.post(api('/v1/chat/completions'), {
      data: { model: 'busy', messages: [{ role: 'user', content: 'Tell a story' }], max_tokens: 4096 },
      timeout: 120_000,
    }),
  )
  // Beside the load, the requests answered since the launch: the short one, and any long one finished.
  const load = row.getByRole('button', { name: /^1 \/ 1 \+[1-5] · [1-7] req$/ })
  await expect(load).toBeVisible({ timeout: 15_000 })
  await expect(load).toHaveAccessibleDescription(
    /^Serving 1 of 1 requests at once \(1 per replica\); [1-5] waiting, at most 4 before new requests are refused; [1-7] requests?, 0 errors, [\d,]+ tokens generated, [\d.,]+ tokens\/s over the last minute$/,
  )
  const busy = row.getByText('Busy', { exact: true })
  await expect(busy).toBeVisible()
  // Busy is not degraded: a dot of its own colour (the theme's info token), not the warning one.
  const dot = await busy.evaluate((element) => {
    const probe = document.createElement('span')
    probe.style.color = 'var(--sc-palette-warning-main)'
    document.body.append(probe)
    const warning = getComputedStyle(probe).color
    probe.style.color = 'var(--sc-palette-info-main)'
    const info = getComputedStyle(probe).color
    probe.remove()
    return { own: getComputedStyle(element, '::before').backgroundColor, warning, info }
  })
  expect(dot.own).toBe(dot.info)
  expect(dot.own).not.toBe(dot.warning)
  await request.delete(api('/api/v1/models/busy'))
  await Promise.allSettled(answers)
})

test('Stop all says how many models and which, then stops them all', async ({ page, request }) => {
  for (const model_uid of ['first', 'second']) {
    const launched = await request.post(api('/api/v1/models'), {
      data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid },
    })
    expect(launched.status()).toBe(200)
  }
  await page.goto('#/running_models/embedding')
  // Every tab's models, whichever tab is shown.
  await page.getByRole('button', { name: 'Stop all (2)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Warning' })
  await expect(dialog).toContainText(
    'Stop all 2 running models (first, second)? Requests they are answering are cut off.',
  )
  await dialog.getByRole('button', { name: 'yes' }).click()
  await expect(page.getByRole('button', { name: 'Stop all (0)' })).toBeDisabled()
  const left = (await (await request.get(api('/api/v1/models'))).json()) as { data: unknown[] }
  expect(left.data).toEqual([])
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
