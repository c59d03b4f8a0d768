import { expect, test, type Page } from '@playwright/test'
import {
  startReplayUpstream,
  type ReplayUpstream,
} from '../../packages/server/src/testing/replay-upstream.js'
import { testServer } from '../support/servers'
import { recorded, recordedFolder, signInToV3 } from '../support/xinference'

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

/** The text of v3's recorded chat stream (129), as its events carry it. */
function streamedText(): string {
  const body = recorded('v3.2.1', '129-chat-completion-stream').response.body as string
  return body
    .split('\r\n\r\n')
    .map((event) => event.replace(/^data: /, ''))
    .filter((data) => data && data !== '[DONE]')
    .map(
      (data) =>
        (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '',
    )
    .join('')
}

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
  await expect(chat.locator('.message.assistant')).toHaveText(streamedText())
})
