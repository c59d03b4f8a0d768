import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { api } from '../support/console-pages'
import { forgetAllModels, killOneWorker } from '../support/models'
import { testServer } from '../support/servers'

// Alerts (docs/alerts.md) as an operator meets them: a channel and a rule set on System → Alerts, a worker killed
// for real, a signed message at a real receiver, the inbox and the strip on every screen, resolved after a restart.

interface Received {
  headers: IncomingHttpHeaders
  body: { event: string; alerts: { notice: string; rule_name: string; summary: string }[] }
  signed: boolean
}

let receiver: Server | undefined
const received: Received[] = []

test.beforeEach(async ({ request }) => forgetAllModels(request, api))
test.afterEach(async ({ request }) => {
  await forgetAllModels(request, api)
  await new Promise((done) => receiver?.close(done) ?? done(undefined))
})

/** A webhook receiver on this machine that checks each message's signature with `secret`. */
async function listen(secret: string): Promise<string> {
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const timestamp = String(request.headers['x-serving-console-timestamp'])
      const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
      received.push({
        headers: request.headers,
        body: JSON.parse(body) as Received['body'],
        signed: request.headers['x-serving-console-signature'] === `sha256=${signature}`,
      })
      response.end('ok')
    })
  })
  await new Promise<void>((done) => receiver?.listen(0, '127.0.0.1', done))
  const address = receiver.address()
  return `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}/hook`
}

test('a killed worker reaches a signed webhook and the inbox, is acknowledged and silenced, and resolves', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const url = await listen('s3cret')
  const launched = await request.post(api('/api/v1/models'), {
    data: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'watched', replica: 2 },
  })
  expect(launched.status()).toBe(200)

  await page.goto('#/system/alerts')
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible()
  const rules = page.getByRole('region', { name: 'Rules' })
  await expect(rules.getByRole('row', { name: /A replica is down/ })).toContainText(
    '1 or more replicas down for 2 min',
  )
  // The shipped rules on latency, refusals and GPU memory; one whose figure this server has not says so.
  await expect(rules.getByRole('row', { name: /Request p95 over 60 s/ })).toContainText(
    '95 % of requests over 60,000 ms for 3 min',
  )
  await expect(rules.getByRole('row', { name: /Requests refused/ })).toContainText(
    '10 or more requests refused in a minute for 3 min',
  )
  const answered = (await (await request.get(api('/api/v1/alerts/rules'))).json()) as {
    rules: { kind: string; available: boolean }[]
  }
  const gpu = answered.rules.find((rule) => rule.kind === 'gpu_memory')
  await expect(
    rules
      .getByRole('row', { name: /GPU memory over 90 %/ })
      .getByText('Not evaluated: no GPU was found on this server.'),
  ).toHaveCount(gpu?.available === false ? 1 : 0)

  // A channel, and its test message.
  const channels = page.getByRole('region', { name: 'Channels' })
  await channels.getByRole('button', { name: 'Add channel' }).click()
  let dialog = page.getByRole('dialog', { name: 'Add a channel' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('ops')
  await dialog.getByRole('textbox', { name: 'URL' }).fill(url)
  await dialog.getByLabel('Signing secret').fill('s3cret')
  await dialog.getByRole('checkbox', { name: /Allow loopback and link-local addresses/ }).check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(channels.getByRole('row', { name: /ops/ })).toContainText('Webhook (signed JSON) · signed')
  await channels.getByRole('button', { name: 'Send a test to ops' }).click()
  await expect(channels.getByRole('status')).toHaveText('The test message was delivered.')
  expect(received.at(-1)).toMatchObject({ signed: true, body: { event: 'test', alerts: [] } })

  // A rule that fires at once on this model.
  await rules.getByRole('button', { name: 'Add rule' }).click()
  dialog = page.getByRole('dialog', { name: 'Add an alert rule' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Watched is down')
  await dialog.getByRole('textbox', { name: 'Model' }).fill('watched')
  await dialog.getByRole('textbox', { name: 'For (seconds)' }).fill('0')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(rules.getByRole('row', { name: /Watched is down/ })).toContainText('Model watched')
  await expectAccessible(page)

  killOneWorker(testServer('open').dataDir)
  // The server evaluates every 15 s; the inbox reads again as often.
  const inbox = page.getByRole('region', { name: 'Inbox' })
  const alert = inbox.getByRole('row', { name: /Watched is down/ })
  await expect(alert).toContainText('Firing since', { timeout: 35_000 })
  await expect(alert).toContainText('Model watched: 1 replica down')
  await expect(alert.getByRole('link', { name: 'watched on Running Models' })).toHaveAttribute(
    'href',
    '#/running_models/LLM',
  )
  await expect.poll(() => received.some((one) => one.body.alerts[0]?.notice === 'fired')).toBe(true)
  const fired = received.find((one) => one.body.alerts[0]?.notice === 'fired')
  expect(fired?.signed).toBe(true)
  expect(fired?.body.alerts.map((one) => one.rule_name)).toEqual(['Watched is down'])

  // Every other screen says it, linked to the inbox.
  await page.getByRole('link', { name: 'Launch Model' }).click()
  const strip = page.getByRole('region', { name: 'Needs attention' })
  await expect(strip).toContainText('1 alert firing')
  // And the navigation's Alerts entry counts it.
  const navEntry = page.getByRole('link', { name: /^Alerts\s*1 alert firing$/ })
  await expect(navEntry).toContainText('1')
  await strip.getByRole('link', { name: '1 alert firing' }).click()
  await expect(page).toHaveURL(/#\/system\/alerts$/)

  await alert.getByRole('button', { name: 'Acknowledge Watched is down' }).click()
  await expect(alert).toContainText('Acknowledged by admin')
  await alert.getByRole('button', { name: 'Silence Watched is down' }).click()
  dialog = page.getByRole('dialog', { name: 'Silence Watched is down' })
  await expect(dialog.getByRole('combobox', { name: 'For' })).toHaveText('1 hr')
  await dialog.getByRole('button', { name: 'Silence' }).click()
  await expect(alert).toContainText('Silenced until')
  await page.getByRole('link', { name: 'Launch Model' }).click()
  await expect(page.getByRole('heading', { name: 'Launch Model', level: 1 })).toBeVisible()
  await expect(strip.getByRole('link', { name: /alert/ })).toHaveCount(0)
  await expect(navEntry).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible()

  // Restarted, it resolves (silenced: said in the inbox, not sent).
  const restarted = await request.post(api('/api/v1/models/watched/restart'))
  expect(restarted.status()).toBe(200)
  await page.goto('#/system/alerts')
  await expect(alert).toContainText('Resolved at', { timeout: 35_000 })
  expect(received.filter((one) => one.body.alerts.some((a) => a.notice === 'resolved'))).toEqual([])

  // Left as found: the rule and the channel removed.
  await rules.getByRole('button', { name: 'Delete Watched is down' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'yes' }).click()
  await expect(rules.getByRole('row', { name: /Watched is down/ })).toHaveCount(0)
  await channels.getByRole('button', { name: 'Delete ops' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'yes' }).click()
  await expect(channels.getByRole('row', { name: /ops/ })).toHaveCount(0)
})
