import { expect, test, type Page } from '@playwright/test'
import {
  startReplayUpstream,
  type ReplayUpstream,
} from '../../packages/server/test/support/replay-upstream.js'
import { testServer } from '../support/servers'
import { recorded, recordedFolder, signInToV3, streamedText } from '../support/xinference'

/**
 * The console through a gateway whose upstream, a replay of Xinference v3.2.1 run by this spec, misbehaves on
 * demand: it goes away and comes back, answers plain text, breaks off a stream. The console never shows a white
 * screen and keeps what the user typed. (A launch that takes its time, its progress followed, runs through the
 * gateway in the `gateway` project's Running Models journeys.)
 */
const upstream = testServer('replay-faults')
const console_ = `${testServer('gateway-faults').url}/ui/`
let replay: ReplayUpstream

const startUpstream = async () => {
  replay = await startReplayUpstream(recordedFolder('v3.2.1'), {}, Number(upstream.port))
}
test.beforeEach(startUpstream)
test.afterEach(() => replay.close())

const toast = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ }).last()

async function signIn(page: Page) {
  await page.goto(`${console_}#/login`)
  await signInToV3(page)
  await expect(page.getByRole('listitem', { name: 'baichuan-2', exact: true })).toBeVisible()
}

test('the upstream goes away: the error names it, the form keeps its input, and all recovers without a restart', async ({
  page,
}) => {
  await signIn(page)
  await page.goto(`${console_}#/register_model/embedding`)
  const form = page.getByRole('form', { name: 'Register model' })
  // (The Launch page's search box is labelled "…model name…" too: fill once the form is there.)
  await expect(form).toBeVisible()
  await form.getByLabel('Model Name').fill('kept-embedding')
  await form.getByLabel('Model Path').fill('/models/on/the/cluster/bge.gguf')

  await replay.close()
  await form.getByRole('button', { name: 'Register Model' }).click()
  await expect(toast(page)).toContainText(
    `Server error: 502 - Cannot reach the Xinference cluster at ${upstream.url}: ECONNREFUSED`,
  )
  await expect(page.getByRole('heading', { name: 'Register Model' })).toBeVisible()
  await expect(form.getByLabel('Model Name')).toHaveValue('kept-embedding')
  await expect(form.getByLabel('Model Path')).toHaveValue('/models/on/the/cluster/bge.gguf')

  await startUpstream()
  await form.getByRole('button', { name: 'Register Model' }).click()
  await expect(page).toHaveURL(/#\/launch_model\/custom\/embedding$/)
  const sent = replay.requests.find((request) => request.path === '/v1/model_registrations/embedding')
  expect(JSON.parse((sent?.body as { model: string }).model)).toMatchObject({ model_name: 'kept-embedding' })
})

test('plain-text 500s while Cluster Information refreshes: the last figures stay, and the next refresh heals', async ({
  page,
}) => {
  await signIn(page)
  await page.goto(`${console_}#/cluster_info`)
  const supervisor = page
    .getByRole('region', { name: 'Supervisor' })
    .getByRole('row', { name: /^Version Release: 3\.2\.1/ })
  await expect(supervisor).toBeVisible()
  const refresh = (status: number) =>
    page.waitForResponse(
      (response) => response.url().includes('/v1/cluster/info') && response.status() === status,
    )

  // SPEC §8 only logs a failed cluster refresh: the page keeps what it showed.
  replay.fault = 'plain-text'
  await refresh(500)
  await expect(supervisor).toBeVisible()
  replay.fault = null
  await refresh(200)
  await expect(supervisor).toBeVisible()
})

test('a chat stream the upstream breaks off: said so, the question back in the box, and the next try answers', async ({
  page,
}) => {
  await signIn(page)
  // The recorded launch of `tiny` (112), sent as the console would: from then on v3 lists it running.
  const launch = recorded('v3.2.1', '112-launch-tiny').request.body
  const token = await page.evaluate(() => sessionStorage.getItem('token'))
  const launched = await page.request.post(`${console_}../v1/models`, {
    data: launch,
    headers: { authorization: `Bearer ${token ?? ''}` },
  })
  expect(launched.status()).toBe(200)

  // Xinference v3 has no Gradio: Launch Web UI opens the console's own chat page, served by the gateway.
  await page.goto(`${console_}#/running_models/LLM`)
  const popup = page.waitForEvent('popup')
  await page.getByRole('row', { name: /tiny/ }).getByRole('button', { name: 'Launch Web UI' }).click()
  const chat = await popup
  const prompt = chat.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Hello, how are you?')

  replay.fault = 'mid-stream'
  await chat.getByRole('button', { name: 'Send' }).click()
  await expect(chat.locator('.message.error')).toContainText('The answer broke off')
  await expect(prompt).toHaveValue('Hello, how are you?')
  await expect(chat.locator('.message.user')).toHaveCount(0)

  replay.fault = null
  await chat.getByRole('button', { name: 'Send' }).click()
  await expect(chat.locator('.message.user')).toHaveText('Hello, how are you?')
  // The recorded stream (129), its CRLF-separated events put together.
  await expect(chat.locator('.message.assistant')).toHaveText(streamedText('v3.2.1'))
})

test('a launch that fails for want of uv on the workers says so readably, and what to do next', async ({
  page,
}) => {
  await signIn(page)
  await page.getByRole('textbox', { name: 'Search for model name and description' }).fill('qwen2.5-instruct')
  await page.getByRole('listitem', { name: 'qwen2.5-instruct', exact: true }).click()
  const drawer = page.getByRole('region', { name: 'Launch qwen2.5-instruct' })
  const choose = async (field: string, option: string) => {
    await drawer.getByRole('combobox', { name: field }).click()
    await page.getByRole('option', { name: option, exact: true }).click()
  }
  // The workers' missing uv is the cluster's environment, which a replay cannot reproduce for any launch: the
  // first launch is answered as v3.2.1 answered one on such a worker (295), the rest reach the replay.
  const failure = recorded('v3.2.1', '295-launch-tiny-without-venv-flag').response.body
  await page.route(
    '**/api/v1/models',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(failure) }),
    { times: 1 },
  )
  await choose('Model Engine', 'llama.cpp')
  await choose('Model Size', '0.5B')
  await choose('Quantization', 'q4_k_m')
  await drawer.getByRole('button', { name: 'Launch', exact: true }).click()

  // Said without the actors' addresses, which Copy keeps.
  const shown = page.getByText("Server error: 500 - [Errno 2] No such file or directory: 'uv'", {
    exact: true,
  })
  await expect(shown).toBeVisible()
  await expect(page.getByRole('button', { name: 'Copy the full error' })).toBeVisible()
  // llama.cpp is installed on v3's workers only in a virtual environment (its engines say so): no way around uv.
  await expect(drawer.getByText("llama.cpp is not installed on the cluster's workers")).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Launch without it' })).toHaveCount(0)

  // An engine the workers have: launched again without a virtual environment, in one click.
  await choose('Model Engine', 'Transformers')
  const retry = drawer.getByRole('button', { name: 'Launch without it' })
  // Not before the form is whole again.
  await expect(retry).toBeDisabled()
  await choose('Model Format', 'pytorch')
  await choose('Model Size', '0.5B')
  await choose('Quantization', 'none')
  await retry.click()
  await expect(page).toHaveURL(/#\/running_models\/LLM$/)
  const sent = replay.requests.filter((request) => request.method === 'POST' && request.path === '/v1/models')
  expect(sent).toEqual([
    expect.objectContaining({
      body: expect.objectContaining({ model_engine: 'Transformers', enable_virtual_env: false }),
    }),
  ])
})
