import { expect, test } from '@playwright/test'
import {
  startReplayUpstream,
  type ReplayUpstream,
} from '../../packages/server/test/support/replay-upstream.js'
import { join } from 'node:path'
import { expectAccessible } from '../support/axe'
import { api, card } from '../support/console-pages'
import { models, writeModels } from '../support/register-page'
import { recorded, recordedFolder, streamedText } from '../support/xinference'

// One console over several clusters (docs/clusters.md): the platform holds the replays of real Xinference 3.2.1 and
// 1.8.0 servers, run by this spec, beside its own models. Running Models lists them all with their cluster, a
// launch from the drawer goes to the cluster chosen, Terminate reaches the cluster that runs the model, and a
// cluster that stops is said while the others are listed.

let gpu: ReplayUpstream
let old: ReplayUpstream

test.beforeEach(async ({ request }) => {
  gpu = await startReplayUpstream(recordedFolder('v3.2.1'))
  old = await startReplayUpstream(recordedFolder('v1.8.0'))
  const password = recorded('v3.2.1', '008-token-login').request.body as Record<string, string>
  for (const [name, replay, credential] of [
    ['gpu', gpu, { kind: 'password', ...password }],
    ['old', old, { kind: 'none' }],
  ] as const) {
    const added = await request.post(api('/api/v1/clusters'), {
      data: { name, address: replay.url, credential },
    })
    expect(added.status()).toBe(201)
  }
  // v3.2.1 runs a model already, launched through this server's routes for it.
  await request.post(api('/clusters/gpu/api/v1/model_registrations/LLM'), {
    data: recorded('v3.2.1', '110-register-tiny').request.body,
  })
  const launched = await request.post(api('/clusters/gpu/api/v1/models'), {
    data: recorded('v3.2.1', '112-launch-tiny').request.body,
  })
  expect(launched.status()).toBe(200)
})

// The platform is shared with the other specs: it holds no cluster, nor this spec's registration, once this one is done.
test.afterEach(async ({ request }) => {
  for (const name of ['gpu', 'old']) await request.delete(api(`/api/v1/clusters/${name}`))
  await request.delete(api('/api/v1/model_registrations/embedding/across-embedding'))
  await Promise.all([gpu.close(), old.close()])
})

test('registers a model here and on the clusters chosen at once, says which did not and why, and tries it again there', async ({
  page,
  request,
}) => {
  writeModels()
  await page.goto('#/register_model/embedding')
  await page.getByLabel('Model Name').fill('across-embedding')
  await page.getByLabel('Model Path').fill(join(models, 'tiny-embedding.gguf'))
  await page.getByRole('button', { name: 'Fill from file' }).click()
  await expect(page.getByLabel('Dimensions')).toHaveValue('64')
  const also = page.getByRole('combobox', { name: 'Also register on' })
  await also.click()
  await page.getByRole('option', { name: 'gpu' }).click()
  await page.getByRole('option', { name: 'old' }).click()
  await page.keyboard.press('Escape')
  await expect(also).toHaveValue('gpu, old')
  // The 1.8.0 cluster stops before the form is sent.
  await old.close()
  await page.getByRole('button', { name: 'Register Model' }).click()
  const refused = page.getByRole('alert').filter({ hasText: 'Registered, but not on everything chosen' })
  await expect(refused).toContainText('old: Server error: 502 - Cannot reach cluster old: ECONNREFUSED')
  await expectAccessible(page)
  // Registered here and on the 3.2.1 cluster, as the form made it.
  expect((await request.get(api('/api/v1/model_registrations/embedding/across-embedding'))).status()).toBe(
    200,
  )
  const onGpu = gpu.requests.filter(
    (sent) => sent.method === 'POST' && sent.path === '/v1/model_registrations/embedding',
  )
  // The registration as upstream takes it: the model as a JSON string.
  expect(onGpu.map((sent) => JSON.parse((sent.body as { model: string }).model) as unknown)).toEqual([
    expect.objectContaining({ model_name: 'across-embedding' }),
  ])
  // Register is done where the form works: only the cluster that refused is tried again, and says so again.
  await expect(page.getByRole('button', { name: 'Register Model' })).toBeDisabled()
  // A field changed since is not what the others are sent: the model as registered is.
  await page.getByLabel('Model Name').fill('changed-since')
  const retried = page.waitForRequest((sent) => sent.url().includes('/clusters/old/'))
  await refused.getByRole('button', { name: 'Try there again' }).click()
  expect(new URL((await retried).url()).pathname).toBe('/clusters/old/api/v1/model_registrations/embedding')
  const sentAgain = (await retried).postDataJSON() as { model: string }
  expect(JSON.parse(sentAgain.model)).toMatchObject({ model_name: 'across-embedding' })
  await expect(refused.getByRole('button', { name: 'Try there again' })).toBeEnabled()
  await expect(refused).toContainText('old: Server error: 502 - Cannot reach cluster old: ECONNREFUSED')
  expect(
    gpu.requests.filter(
      (sent) => sent.method === 'POST' && sent.path === '/v1/model_registrations/embedding',
    ),
  ).toHaveLength(1)
  await refused.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/embedding$/)
})

test('launches on a chosen cluster from the drawer, lists every cluster’s models, terminates on one, and says which cluster is down', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1500, height: 900 })
  // Launch Model on the 1.8.0 cluster: its own catalogue and engines, from the same drawer.
  await page.goto('#/launch_model/llm')
  const where = page.getByRole('combobox', { name: 'Cluster' })
  await expect(where).toHaveText('This server')
  await where.click()
  await page.getByRole('option', { name: 'old' }).click()
  await expect(card(page, 'baichuan-2')).toBeVisible()
  await page.getByRole('textbox', { name: 'Search for model name and description' }).fill('qwen2.5-instruct')
  await card(page, 'qwen2.5-instruct').click()
  const drawer = page.getByRole('dialog')
  for (const [field, option] of [
    ['Model Engine', 'Transformers'],
    ['Model Format', 'pytorch'],
  ] as const) {
    await drawer.getByRole('combobox', { name: field }).click()
    await page.getByRole('option', { name: option, exact: true }).click()
  }
  for (const field of ['Model Size', 'Quantization']) {
    await drawer.getByRole('combobox', { name: field }).click()
    await page.getByRole('option').first().click()
  }
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/models'),
  )
  await drawer.getByRole('button', { name: 'Launch' }).click()
  expect(new URL((await sent).url()).pathname).toBe('/clusters/old/api/v1/models')
  expect((await sent).postDataJSON()).toMatchObject({
    model_name: 'qwen2.5-instruct',
    model_engine: 'Transformers',
  })

  // Running Models: this server's models and every cluster's, each row saying where it runs.
  await expect(page).toHaveURL(/#\/running_models\/LLM$/)
  const rows = page.getByRole('row')
  const onGpu = rows.filter({ has: page.getByRole('gridcell', { name: 'gpu', exact: true }) })
  const onOld = rows.filter({ has: page.getByRole('gridcell', { name: 'old', exact: true }) })
  await expect(page.getByRole('columnheader', { name: 'Cluster' })).toBeVisible()
  await expect(onGpu).toContainText('tiny')
  await expect(onOld).toContainText('tiny')
  // The needs-attention strip covers the clusters too: 3.2.1's recorded failed launch, with its reason.
  await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText(
    "gpu/qwen2.5-instruct: launch failed[Errno 2] No such file or directory: 'uv'",
  )
  await expectAccessible(page)
  // The same uid on two clusters: each named as clients reach it here, `cluster/uid`.
  await expect(page.getByRole('button', { name: 'Terminate old/tiny' })).toBeVisible()

  // Terminated on its cluster; the other cluster's model stays.
  await page.getByRole('button', { name: 'Terminate old/tiny' }).click()
  await page.getByRole('button', { name: 'yes' }).click()
  await expect(onOld).toHaveCount(0)
  await expect(onGpu).toContainText('tiny')
  expect(
    old.requests.some((request) => request.method === 'DELETE' && request.path === '/v1/models/tiny'),
  ).toBe(true)

  // Cluster Information: every cluster's workers in sum, and their total, above the one chosen.
  await page.goto('#/cluster_info')
  const overview = page.getByRole('region', { name: 'Every cluster', exact: true })
  for (const name of ['This server', 'gpu', 'old', 'Total'])
    await expect(overview.getByRole('rowheader', { name, exact: true })).toBeVisible()
  // 1.8.0's recorded worker has 2 cores.
  await expect(overview.getByRole('row').filter({ hasText: /^old/ })).toContainText('2.00')
  await expectAccessible(page)

  // The 3.2.1 cluster stops: a notice says so, and its model is shown as last seen, marked; the others as before.
  await gpu.close()
  await page.goto('#/running_models/LLM')
  await expect(
    page.getByText(/The cluster gpu does not answer: .*Cannot reach.*shown as they were last seen/),
  ).toBeVisible()
  await expect(
    rows.filter({ has: page.getByRole('gridcell', { name: 'gpu (not answering)', exact: true }) }),
  ).toContainText('tiny')
  await expectAccessible(page)
  // Opened afresh, the console has nothing of it to show: it says its models are not listed.
  await page.reload()
  await expect(page.getByText(/The models of the cluster gpu are not listed: .*Cannot reach/)).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Cluster' })).toBeVisible()
  await expect(onGpu).toHaveCount(0)
})

test('a cluster’s model is tried in the playground as clients reach it, `cluster/uid`, with the cluster’s credential', async ({
  page,
  request,
}) => {
  // The 1.8.0 cluster runs the same uid: a model to compare with, on another cluster.
  const launched = await request.post(api('/clusters/old/api/v1/models'), {
    data: recorded('v1.8.0', '112-launch-tiny').request.body,
  })
  expect(launched.status()).toBe(200)
  await page.setViewportSize({ width: 1500, height: 900 })
  await page.goto('#/running_models/LLM')
  await page.getByRole('button', { name: 'Open the playground of gpu/tiny' }).click()
  await expect(page).toHaveURL(/#\/playground\/gpu%2Ftiny$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Playground: gpu/tiny' })).toBeVisible()
  // Compared with any model the console lists, this server's or another cluster's.
  await page.getByRole('combobox', { name: 'Compare with' }).click()
  await expect(page.getByRole('option', { name: 'old/tiny' })).toBeVisible()
  await page.getByRole('option', { name: 'No other model' }).click()
  await page.getByLabel('Prompt').fill('Hello')
  await page.getByRole('button', { name: 'Send' }).click()
  const answer = page.getByRole('region', { name: 'Answer of gpu/tiny' })
  // The cluster's recorded stream, as it sent it.
  await expect(answer.locator('.playground-chat-text')).toHaveText(streamedText('v3.2.1'))
  // The cluster was asked for its own uid, with the credential this server keeps for it.
  const asked = gpu.requests.find(
    (request) => request.method === 'POST' && request.path === '/v1/chat/completions',
  )
  expect(asked?.body).toMatchObject({ model: 'tiny', stream: true })
  expect(asked?.headers.authorization).toMatch(/^Bearer \S+$/)
  // The request as code is the one a client sends here.
  await expect(page.getByLabel('curl', { exact: true })).toContainText('"model":"gpu/tiny"')
  // Benchmarked from here as well, as clients reach it (the server's runs: clusters-serving.test.ts).
  await expect(page.getByRole('region', { name: 'Benchmark' })).toBeVisible()
  await expectAccessible(page)

  // The cluster stops: the page says so, rather than that the model is gone.
  await gpu.close()
  await page.reload()
  await expect(page.getByText(/The models of the cluster gpu are not listed: .*Cannot reach/)).toBeVisible()
  await expect(page.getByText('No running model is called gpu/tiny')).toHaveCount(0)
})
