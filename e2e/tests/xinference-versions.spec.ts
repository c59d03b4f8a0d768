import { expect, test, type Page } from '@playwright/test'
import { testServer } from '../support/servers'
import { recorded, signInToV3, streamedText } from '../support/xinference'

/**
 * The console through the gateway in front of replays of real Xinference servers: each version's real answers
 * (catalogue, engines, a two-node cluster, failed launches, v3's sign-in) render in Chromium.
 */
const gatewayOf = (version: string) => `${testServer(`gateway-${version}`).url}/ui/`
const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true })
const cards = (page: Page) => page.getByRole('list', { name: 'Models' }).getByRole('listitem')
const search = (page: Page) => page.getByRole('textbox', { name: 'Search for model name and description' })

for (const version of ['v1.8.0', 'v2.12.0'] as const) {
  test(`Xinference ${version}: the catalogue and its engines render, logs and Fill from file are hidden`, async ({
    page,
  }) => {
    const families = recorded(version, '030-registrations-LLM-detailed').response.body as unknown[]
    await page.setViewportSize({ width: 1500, height: 900 })
    await page.goto(`${gatewayOf(version)}#/launch_model/llm`)
    await expect(card(page, 'baichuan-2')).toBeVisible()
    await search(page).fill('qwen2.5-instruct')
    await card(page, 'qwen2.5-instruct').click()
    await page.getByRole('combobox', { name: 'Model Engine' }).click()
    await expect(page.getByRole('option', { name: 'Transformers' })).toBeVisible()
    if (version === 'v2.12.0') {
      // Newer servers name the engines they cannot use, with the reason.
      await expect(page.getByRole('option', { name: 'MLX (unavailable)' })).toBeVisible()
    }
    await page.keyboard.press('Escape')
    expect(families.length).toBe(version === 'v1.8.0' ? 120 : 162)

    await page.goto(`${gatewayOf(version)}#/register_model/llm`)
    await expect(page.getByRole('heading', { name: 'Register Model' })).toBeVisible()
    await page.getByLabel('Model Path').first().fill('/data/models/x.gguf')
    await expect(page.getByRole('button', { name: 'Fill from file' })).toHaveCount(0)
  })
}

for (const version of ['v1.8.0', 'v2.12.0'] as const) {
  test(`Xinference ${version}: every kind's catalogue renders, MeloTTS's language as a string included`, async ({
    page,
  }) => {
    for (const [kind, recording] of [
      ['embedding', '032-registrations-embedding-detailed'],
      ['rerank', '034-registrations-rerank-detailed'],
      ['image', '036-registrations-image-detailed'],
      ['audio', '038-registrations-audio-detailed'],
    ] as const) {
      const families = recorded(version, recording).response.body as { model_name: string }[]
      await page.goto(`${gatewayOf(version)}#/launch_model/${kind}`)
      await expect(card(page, families[0]?.model_name ?? '')).toBeVisible()
    }
    // Upstream writes MeloTTS's language as a string, every other model's as a list: the audio tab failed on it.
    await page.getByRole('textbox', { name: 'Search for model name', exact: true }).fill('MeloTTS-Chinese')
    await expect(card(page, 'MeloTTS-Chinese')).toBeVisible()
  })
}

test('Xinference v2.12.0 as a two-node cluster: supervisor and worker each with their own address', async ({
  page,
}) => {
  const nodes = recorded('v2.12.0', '201-dist-cluster-info-detailed').response.body as {
    ip_address: string
  }[]
  await page.goto(`${gatewayOf('v2.12.0')}#/cluster_info`)
  const supervisor = page.getByRole('region', { name: 'Supervisor' })
  await expect(supervisor.getByRole('row', { name: `Address ${nodes[0]?.ip_address}` })).toBeVisible()
  await expect(supervisor.getByRole('row', { name: /^Version/ })).toContainText('Release: 2.12.0')
  const workers = page.getByRole('region', { name: 'Workers' })
  await expect(workers.getByRole('row', { name: /^Count 1$/ })).toBeVisible()
  const details = page.getByRole('region', { name: 'Worker Details' })
  await expect(details.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(
    nodes[1]?.ip_address ?? '',
  )
})

test('Xinference v3.2.1: offers to create the first admin, refuses a wrong password, signs in, shows a failed launch', async ({
  page,
}) => {
  await page.goto(`${gatewayOf('v3.2.1')}#/launch_model/llm`)
  // The recorded cluster says it has no administrator yet (002): the console's own set-up, through the gateway.
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible()
  // Its recording goes on with one made (004): signing in is a click away.
  await page.getByRole('button', { name: 'Sign in with an existing account' }).click()
  await expect(page.getByRole('heading', { name: 'LOGIN' })).toBeVisible()

  const wrong = recorded('v3.2.1', '007-token-wrong-password').request.body as Record<string, string>
  await page.getByLabel('Username').fill(wrong.username ?? '')
  await page.getByLabel('Password').fill(wrong.password ?? '')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Login failed: 401 - Incorrect username or password')).toBeVisible()

  await page.getByLabel('Username').fill('')
  await page.getByLabel('Password').fill('')
  await signInToV3(page)
  await expect(page).toHaveURL(/#\/launch_model\/llm/)
  await expect(card(page, 'baichuan-2')).toBeVisible()

  // The launch of 092 failed upstream and stays an ERROR instance: its reason, from v3's replica status.
  await page.goto(`${gatewayOf('v3.2.1')}#/running_models/llm`)
  const launches = page.getByRole('region', { name: 'Launches' })
  await expect(launches).toContainText('qwen2.5-instruct: launch failed')
  await expect(launches).toContainText("No such file or directory: 'uv'")
  // v3 keeps no per-model log the gateway can read: no Log button on any row.
  await expect(page.getByRole('button', { name: /^Log of/ })).toHaveCount(0)
})

test('Xinference v3.2.1: an expired access token is renewed with the refresh token; a refused one asks to sign in again', async ({
  page,
}) => {
  await page.goto(`${gatewayOf('v3.2.1')}#/login`)
  await signInToV3(page)
  await expect(card(page, 'baichuan-2')).toBeVisible()
  const storedToken = () => page.evaluate(() => sessionStorage.getItem('token'))
  const renewed = recorded('v3.2.1', '017-auth-refresh').response.body as Record<string, string>

  // v3 answers an expired token as it answers any unknown one (010): the token this tab holds stops working.
  await page.evaluate(() => sessionStorage.setItem('token', 'an.expired.access-token'))
  await page.goto(`${gatewayOf('v3.2.1')}#/cluster_info`)
  await expect(page.getByText('Supervisor', { exact: true }).first()).toBeVisible()
  await expect.poll(storedToken).toBe(renewed.access_token)
  await expect(page.getByText('Authentication Error')).toHaveCount(0)

  // When the refresh token is refused too, the 401 stands and SPEC's dialog asks for a new sign-in.
  await page.evaluate(() => {
    sessionStorage.setItem('token', 'an.expired.access-token')
    sessionStorage.setItem('refreshToken', 'garbage-refresh-token')
  })
  await page.reload()
  await expect(page.getByText('Authentication Error')).toBeVisible()
  await page.getByRole('button', { name: 'CONFIRMED' }).click()
  // Sent to sign in: where the recorded cluster still says it has no administrator, its set-up comes first.
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible()
})

test('Xinference v3.2.1: a card shows at most three lines of its description, and no part of a fourth', async ({
  page,
}) => {
  // Xinference v3.2.1's catalogue: its third family, Baichuan-M2, has a description of six lines at this width.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${gatewayOf('v3.2.1')}#/login`)
  await signInToV3(page)
  await expect(card(page, 'Baichuan-M2')).toBeVisible()
  const descriptions = await cards(page).evaluateAll((items) =>
    items.map((item) => {
      const text = item.querySelector('p')
      if (!text) return { name: '', shown: 0, whole: 0 }
      const lineHeight = parseFloat(getComputedStyle(text).lineHeight)
      // Its lines when not clamped: a copy of it, laid out beside it.
      const copy = text.cloneNode(true) as HTMLElement
      Object.assign(copy.style, {
        display: 'block',
        position: 'absolute',
        width: `${String(text.clientWidth)}px`,
      })
      text.after(copy)
      const whole = copy.clientHeight / lineHeight
      copy.remove()
      return { name: item.getAttribute('aria-label') ?? '', shown: text.clientHeight / lineHeight, whole }
    }),
  )
  expect(descriptions.length).toBeGreaterThan(3)
  // Each shows its own lines up to three, and no part of a fourth (the box once filled the card and did).
  for (const { shown, whole } of descriptions) expect(shown).toBeCloseTo(Math.min(3, whole), 1)
  expect(descriptions.find(({ name }) => name === 'Baichuan-M2')?.whole).toBeGreaterThan(3)
})

test('Xinference v3.2.1: a first visit shows the set-up without asking anything the cluster refuses', async ({
  page,
}) => {
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url())
  })
  await page.goto(`${gatewayOf('v3.2.1')}#/launch_model/llm`)
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible()
  expect(refused).toEqual([])
})

// Last in this file: it launches a model on the shared v1.8.0 replay, which then lists it running.
test("Xinference v1.8.0: Launch Web UI opens the console's chat page through the gateway, answered by the cluster", async ({
  page,
}) => {
  const gateway = testServer('gateway-v1.8.0').url
  for (const [path, exchange] of [
    ['/v1/model_registrations/LLM', '110-register-tiny'],
    ['/v1/models', '112-launch-tiny'],
  ] as const) {
    const answer = await page.request.post(`${gateway}${path}`, {
      data: recorded('v1.8.0', exchange).request.body,
    })
    expect(answer.status()).toBe(200)
  }
  await page.goto(`${gatewayOf('v1.8.0')}#/running_models/LLM`)
  const popup = page.waitForEvent('popup')
  await page.getByRole('row', { name: /tiny/ }).getByRole('button', { name: 'Launch Web UI' }).click()
  const chat = await popup
  await expect(chat).toHaveURL(`${gateway}/tiny`)
  await chat.getByRole('textbox', { name: 'Message' }).fill('Hello, how are you?')
  await chat.getByRole('button', { name: 'Send' }).click()
  await expect(chat.locator('.message.assistant')).toHaveText(streamedText('v1.8.0'))
})

// Last for v3.2.1: it launches a model on the shared v3.2.1 replay, and terminates it again.
test("Xinference v3.2.1: a running model's row says its health, as the cluster's metrics tell it", async ({
  page,
}) => {
  await page.goto(`${gatewayOf('v3.2.1')}#/login`)
  await signInToV3(page)
  await expect(card(page, 'baichuan-2')).toBeVisible()
  const gateway = testServer('gateway-v3.2.1').url
  const authorization = `Bearer ${String(await page.evaluate(() => sessionStorage.getItem('token')))}`
  for (const [path, exchange] of [
    ['/v1/model_registrations/LLM', '110-register-tiny'],
    ['/v1/models', '112-launch-tiny'],
  ] as const) {
    const answer = await page.request.post(`${gateway}${path}`, {
      data: recorded('v3.2.1', exchange).request.body,
      headers: { authorization },
    })
    expect(answer.status()).toBe(200)
  }
  await page.goto(`${gatewayOf('v3.2.1')}#/running_models/LLM`)
  // The recorded metrics: tiny READY on its one replica.
  const row = page.getByRole('grid').getByRole('row', { name: /tiny/ })
  // Its health, on the line under its ID.
  await expect(row.getByRole('gridcell').first()).toContainText('Ready')
  const terminated = await page.request.delete(`${gateway}/v1/models/tiny`, { headers: { authorization } })
  expect(terminated.status()).toBe(200)
})

test('Xinference v3.2.1: the System pages show the cluster’s users, API keys and failure limits, through the gateway', async ({
  page,
}) => {
  await page.goto(`${gatewayOf('v3.2.1')}#/login`)
  await signInToV3(page)
  await expect(page).toHaveURL(/#\/launch_model\/llm/)
  const system = page.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'System' })

  await system.getByRole('link', { name: 'Users' }).click()
  await expect(page.getByRole('row', { name: /admin/ }).first()).toContainText('users:manage')

  // v3's keys (213): by prefix, owner and the models each reaches; never a secret.
  await system.getByRole('link', { name: 'API Keys' }).click()
  await expect(page.getByRole('row', { name: /tiny-only/ })).toContainText('Model: tiny')
  await expect(page.getByRole('row', { name: /llm-only/ })).toContainText('Type: LLM')
  await expect(page.getByRole('row', { name: /plain-key/ })).toContainText('All models')

  // v3's failure limits (250), as the cluster keeps them.
  await system.getByRole('link', { name: 'Security' }).click()
  const perAddress = page.getByRole('group', { name: 'Per address', exact: true })
  await expect(
    perAddress.getByRole('spinbutton', { name: 'Max failures' }).or(perAddress.getByLabel('Max failures')),
  ).toHaveValue('10')
  await expect(perAddress.getByLabel('Ban (seconds)')).toHaveValue('3600')
})

test('Xinference v1.8.0: the System pages say users are managed in the cluster’s auth file', async ({
  page,
}) => {
  await page.goto(`${gatewayOf('v1.8.0')}#/system/users`)
  await expect(page.getByText('Users are managed in the auth file')).toBeVisible()
  await page.goto(`${gatewayOf('v1.8.0')}#/system/audit`)
  await expect(page.getByText('Users are managed in the auth file')).toBeVisible()
})

test('Xinference v3.2.1: System → Alerts keeps the gateway’s rules on the cluster, and says which it has no figure of', async ({
  page,
}) => {
  await page.goto(`${gatewayOf('v3.2.1')}#/login`)
  await signInToV3(page)
  await expect(page).toHaveURL(/#\/launch_model\/llm/)
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('group', { name: 'System' })
    .getByRole('link', { name: 'Alerts' })
    .click()
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible()
  const rules = page.getByRole('region', { name: 'Rules' })
  await expect(rules.getByRole('row', { name: /A cluster is not answering/ })).toContainText('The cluster')
  // The requests it passes on are not timed by a gateway: said, not left to never fire.
  await expect(rules.getByRole('row', { name: /First token over 10 s/ })).toContainText(
    "Not evaluated: a gateway passes its cluster's requests on without timing them.",
  )
  await expect(rules.getByRole('row', { name: /GPU memory over 90 %/ })).toContainText(
    "Not evaluated: a gateway has no figure of its cluster's machines, cache or limits.",
  )
  await expect(page.getByRole('region', { name: 'Channels' })).toBeVisible()
})
