import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { api, terminateAll } from '../support/console-pages'

// The playgrounds (docs/playgrounds.md) on the real tiny models: what each shows is what the API answers.

const launch = async (
  request: APIRequestContext,
  model_name: string,
  model_type: string,
  model_uid: string,
) => {
  const answer = await request.post(api('/api/v1/models'), {
    data: { model_name, model_type, model_uid },
    timeout: 30_000,
  })
  expect(answer.ok(), await answer.text()).toBe(true)
}

const cosine = (a: number[], b: number[]) => {
  const dot = a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0)
  const norm = (v: number[]) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0))
  return dot / (norm(a) * norm(b))
}

test.beforeEach(async ({ request }) => terminateAll(request))
test.afterEach(async ({ request }) => terminateAll(request))

test('the embeddings playground draws the texts’ cosine similarity as the API’s vectors give it', async ({
  page,
  request,
}) => {
  await launch(request, 'tiny-embedding', 'embedding', 'play-embed')
  await page.goto('#/running_models/embedding')
  await page.getByRole('button', { name: 'Open the playground of play-embed' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Playground: play-embed' })).toBeVisible()
  const texts = ['The cat sat on the mat.', 'A kitten rests on a rug.', 'Stock markets fell sharply today.']
  await page.getByLabel('Texts').fill(texts.join('\n'))
  await page.getByRole('button', { name: 'Embed' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'vectors of' })).toContainText('3 vectors of')

  const answer = (await (
    await request.post(api('/v1/embeddings'), { data: { model: 'play-embed', input: texts } })
  ).json()) as { data: { index: number; embedding: number[] }[] }
  const vectors = answer.data.sort((a, b) => a.index - b.index).map((item) => item.embedding)
  const map = page.getByRole('group', { name: 'Similarity of the texts' }).getByRole('table')
  for (let row = 0; row < 3; row++) {
    const cells = map
      .getByRole('row')
      .nth(row + 1)
      .getByRole('cell')
    await expect(cells).toHaveText(vectors.map((vector) => cosine(vectors[row] ?? [], vector).toFixed(3)))
  }
  await expect(page.getByRole('status').filter({ hasText: 'vectors of' })).toContainText(
    `of ${vectors[0]?.length} dimensions`,
  )
  // The request as code is the one sent.
  await expect(page.getByLabel('curl', { exact: true })).toContainText('"input":["The cat sat on the mat."')
  await expectAccessible(page)
})

test('the rerank playground orders the documents as the API does, with their scores', async ({
  page,
  request,
}) => {
  await launch(request, 'tiny-rerank', 'rerank', 'play-rerank')
  await page.goto('#/playground/play-rerank')
  const documents = [
    'Stock markets fell sharply today.',
    'Cats sleep in the sun.',
    'A kitten rests on a rug.',
  ]
  await page.getByLabel('Query', { exact: true }).fill('Where do cats sleep?')
  await page.getByLabel('Documents', { exact: true }).fill(documents.join('\n'))
  await page.getByRole('button', { name: 'Rerank' }).click()
  const order = page.getByRole('list', { name: 'The documents, most relevant first' }).getByRole('listitem')
  await expect(order).toHaveCount(3)

  const answer = (await (
    await request.post(api('/v1/rerank'), {
      data: { model: 'play-rerank', query: 'Where do cats sleep?', documents, return_documents: true },
    })
  ).json()) as { results: { index: number; relevance_score: number }[] }
  await expect(order).toHaveText(
    answer.results.map(
      (result) => `#${result.index + 1} ${documents[result.index]}${result.relevance_score.toFixed(4)}`,
    ),
  )
  // Top n: only a whole number up to the documents' count is sent.
  await page.getByLabel('Top n').fill('9')
  await expect(page.getByRole('button', { name: 'Rerank' })).toBeDisabled()
  await page.getByLabel('Top n').fill('1')
  await page.getByRole('button', { name: 'Rerank' }).click()
  await expect(order).toHaveCount(1)
  await expectAccessible(page)
})

test('the chat playground streams one prompt to two models side by side, each with its speed', async ({
  page,
  request,
}) => {
  await launch(request, 'tiny-chat', 'LLM', 'play-a')
  await launch(request, 'tiny-chat', 'LLM', 'play-b')
  await page.goto('#/playground/play-a')
  await page.getByLabel('Prompt').fill('Hello')
  await page.getByRole('combobox', { name: 'Compare with' }).click()
  await page.getByRole('option', { name: 'play-b' }).click()
  await page.getByRole('button', { name: 'Send' }).click()
  for (const uid of ['play-a', 'play-b']) {
    const answer = page.getByRole('region', { name: `Answer of ${uid}` })
    await expect(answer.getByRole('status')).toContainText(
      /^First token after \d+ ms · \d+ tokens at [\d.]+ tokens\/s/,
      {
        timeout: 30_000,
      },
    )
    await expect(answer.locator('.playground-chat-text')).not.toBeEmpty()
  }
  await expectAccessible(page)
  // A model that is not running says so.
  await page.goto('#/playground/no-such-model')
  await expect(page.getByText('No running model is called no-such-model')).toBeVisible()
})

test('a benchmark runs from the playground level by level, is stopped, run again, compared and exported', async ({
  page,
  request,
}) => {
  // From no report of this model (a run of the suite before this one may have left some).
  const before = (await (await request.get(api('/api/v1/benchmarks'))).json()) as {
    reports: { id: number }[]
  }
  for (const report of before.reports) await request.delete(api(`/api/v1/benchmarks/${report.id}`))
  await launch(request, 'tiny-chat', 'LLM', 'bench-ui')
  await page.goto('#/playground/bench-ui')
  const bench = page.getByRole('region', { name: 'Benchmark' })
  await bench.getByLabel('Users at once', { exact: true }).fill('1, 2')
  await bench.getByLabel('Requests a level', { exact: true }).fill('2')
  await bench.getByLabel('Tokens an answer', { exact: true }).fill('8')
  // Absurd settings are refused before they are sent.
  await bench.getByLabel('Users at once', { exact: true }).fill('1, 10000')
  await expect(bench.getByRole('button', { name: 'Start benchmark' })).toBeDisabled()
  await bench.getByLabel('Users at once', { exact: true }).fill('1, 2')
  await bench.getByRole('button', { name: 'Start benchmark' }).click()

  const reports = bench.getByRole('group', { name: 'Reports' })
  await expect(reports.getByRole('row').nth(1)).toContainText('completed', { timeout: 30_000 })
  const results = bench.getByRole('group', { name: 'Results' })
  await expect(results.getByRole('row')).toHaveCount(3)
  await expect(bench.getByRole('img', { name: 'Tokens a second in all against users at once' })).toBeVisible()

  // Run again with the same settings: a second report; both compared in one table.
  await reports.getByRole('row').nth(1).getByRole('button', { name: 'Run again' }).click()
  await expect(reports.getByRole('row')).toHaveCount(3)
  await expect(reports.getByRole('row').nth(1)).toContainText('completed', { timeout: 30_000 })
  for (const row of [1, 2])
    await reports
      .getByRole('row')
      .nth(row)
      .getByRole('button', { name: /^Compare report/ })
      .click()
  await expect(bench.getByRole('heading', { name: 'The chosen reports side by side' })).toBeVisible()
  await expect(results.getByRole('row')).toHaveCount(5)
  const download = page.waitForEvent('download')
  await reports.getByRole('row').nth(1).getByRole('button', { name: 'CSV' }).click()
  expect((await download).suggestedFilename()).toMatch(/^benchmark-\d+\.csv$/)
  await expectAccessible(page)

  // A long run is stopped from the page; what it measured stays.
  await bench.getByLabel('Users at once', { exact: true }).fill('1')
  await bench.getByLabel('Requests a level', { exact: true }).fill('1000')
  await bench.getByRole('button', { name: 'Start benchmark' }).click()
  await expect(bench.getByRole('status')).toContainText(/\d+ of 1000 requests/)
  await bench.getByRole('button', { name: 'Stop' }).click()
  await expect(reports.getByRole('row').nth(1)).toContainText('stopped')
})
