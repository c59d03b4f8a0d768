import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { SHIPPED_ALERT_RULE_NAMES, type Alert, type AlertRuleInput } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { AlertStore } from '../src/platform/alerts/alert-store.js'
import { Alerting } from '../src/platform/alerts/alerting.js'
import { NO_GPU } from '../src/platform/cluster/gpu.js'
import type { MachineFigures } from '../src/platform/cluster/resource-sampler.js'
import { openDatabase } from '../src/platform/db/database.js'
import { postChat, QWEN, testApp, tempDir, TINY_CHAT, userChat, waitFor } from './helper.js'
import { launch } from './runtime-helper.js'
import { receiver, verified, webhookChannel, type Received } from './support/alert-receiver.js'
import { member, signedInUser, storeApp } from './store-helper.js'

// Alerts (docs/alerts.md) evaluated by the server itself and sent to real HTTP receivers started here.

/** A real SMTP server on 127.0.0.1 (no TLS offered) that keeps each message it takes. */
async function smtpReceiver() {
  const mails: { from: string; to: string[]; data: string }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        const from = session.envelope.mailFrom
        mails.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        })
        callback()
      })
    },
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  closers.push(() => new Promise<void>((done) => server.close(() => done())))
  const { port } = server.server.address() as AddressInfo
  return { mails, url: `smtp://127.0.0.1:${String(port)}` }
}
const closers: (() => Promise<void>)[] = []
/** A message's text as written, its quoted-printable soft breaks and escapes undone. */
const quotedPrintable = (data: string) =>
  Buffer.from(
    data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

const RULE: AlertRuleInput = {
  name: 'Memory',
  kind: 'host_memory',
  model: null,
  threshold: 90,
  for_seconds: 180,
  severity: 'warning',
  enabled: true,
}

/**
 * Alerting on a fresh database with no rules, a machine whose memory use the test sets (and its GPUs, none unless
 * given), on the test's clock.
 */
function alertingAt(gpu = NO_GPU) {
  const store = new AlertStore(openDatabase(tempDir()))
  for (const rule of store.rules()) store.removeRule(rule.id)
  let now = Date.UTC(2026, 10, 28, 12)
  let used = 50
  const machine = () => ({ memTotal: 100, memAvailable: 100 - used, gpu }) as MachineFigures
  const alerting = new Alerting(
    store,
    {
      models: () => [],
      launches: () => [],
      machine,
      cacheDir: tempDir(),
      softLimits: () => [],
      clock: () => now,
    },
    () => 'test-server',
    () => now,
  )
  return {
    store,
    alerting,
    use: (percent: number) => (used = percent),
    advance: (ms: number) => (now += ms),
  }
}

const channel = webhookChannel

describe('alerts', () => {
  it(
    'a killed worker reaches a signed webhook and a Slack-style one as firing, and as resolved after the restart',
    { timeout: 60_000 },
    async () => {
      const app: FastifyInstance = await testApp()
      expect((await launch(app, TINY_CHAT)).statusCode).toBe(200)
      const hook = await receiver()
      const slack = await receiver()
      const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
      expect(
        (await post('/api/v1/alerts/channels', channel(hook.url('/hook'), { secret: 's3cret' }))).statusCode,
      ).toBe(201)
      const slackChannel = { ...channel(slack.url('/services/T/B/x')), kind: 'slack' as const, name: 'slack' }
      expect((await post('/api/v1/alerts/channels', slackChannel)).statusCode).toBe(201)
      // The shipped rule, told to fire at once.
      const rules = (await app.inject('/api/v1/alerts/rules')).json<{
        rules: (AlertRuleInput & { id: number })[]
      }>().rules
      const down = rules.find((rule) => rule.kind === 'replicas_down')
      expect(down).toMatchObject({ threshold: 1, for_seconds: 120, severity: 'critical', enabled: true })
      const changed = await app.inject({
        method: 'PUT',
        url: `/api/v1/alerts/rules/${String(down?.id)}`,
        payload: { ...down, id: undefined, available: undefined, for_seconds: 0 },
      })
      expect(changed.statusCode, changed.body).toBe(200)

      const worker = app.platform.models.get('tiny-chat').workers[0]
      process.kill(worker?.pid ?? 0, 'SIGKILL')
      await waitFor(() => worker?.status === 'ERROR')
      app.platform.alerting.evaluate()
      await app.platform.alerting.pump()
      expect(hook.received).toHaveLength(1)
      const fired = hook.received[0] as Received
      expect(verified('s3cret', fired)).toBe(true)
      expect(JSON.parse(fired.body)).toMatchObject({
        version: 1,
        event: 'alerts',
        alerts: [
          {
            notice: 'fired',
            state: 'firing',
            kind: 'replicas_down',
            model: 'tiny-chat',
            model_type: 'LLM',
            severity: 'critical',
            summary: 'model tiny-chat: 1 replica(s) down (alert at 1)',
          },
        ],
      })
      expect(JSON.parse(slack.received[0]?.body ?? '{}')).toEqual({
        text: expect.stringContaining(
          '*FIRING* [critical] A replica is down: model tiny-chat: 1 replica(s) down',
        ) as unknown,
      })
      expect(slack.received[0]?.headers['x-serving-console-signature']).toBeUndefined()
      const inbox = (await app.inject('/api/v1/alerts?state=firing')).json<{
        alerts: Alert[]
        unacknowledged: number
      }>()
      expect(inbox.unacknowledged).toBe(1)

      // Still down at the next evaluation: nothing more is sent.
      app.platform.alerting.evaluate()
      await app.platform.alerting.pump()
      expect(hook.received).toHaveLength(1)

      expect((await post('/api/v1/models/tiny-chat/restart', {})).statusCode).toBe(200)
      await waitFor(() => app.platform.models.get('tiny-chat').workers[0]?.status === 'READY')
      app.platform.alerting.evaluate()
      await app.platform.alerting.pump()
      expect(hook.received).toHaveLength(2)
      expect(verified('s3cret', hook.received[1] as Received)).toBe(true)
      expect(JSON.parse(hook.received[1]?.body ?? '{}')).toMatchObject({
        alerts: [
          {
            notice: 'resolved',
            state: 'resolved',
            summary: 'model tiny-chat: 0 replica(s) down (alert at 1)',
          },
        ],
      })
      expect(slack.received[1]?.body).toContain('*RESOLVED* A replica is down')
      const after = (await app.inject('/api/v1/alerts')).json<{ alerts: Alert[]; unacknowledged: number }>()
      expect(after).toMatchObject({ unacknowledged: 0, alerts: [{ state: 'resolved', model: 'tiny-chat' }] })
      // The channels say their last delivery; neither shows a secret.
      const channels = await app.inject('/api/v1/alerts/channels')
      expect(channels.body).not.toContain('s3cret')
      expect(channels.json()).toMatchObject({
        channels: [
          { has_secret: true, last_delivery: { ok: true, error: null }, pending: 0 },
          { has_secret: false, last_delivery: { ok: true } },
        ],
      })
    },
  )

  it(
    'says a failed launch at once (a shipped rule, off until turned on), and that it is gone once dismissed',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      const hook = await receiver()
      const made = await app.inject({
        method: 'POST',
        url: '/api/v1/alerts/channels',
        payload: channel(hook.url('/h')),
      })
      expect(made.statusCode).toBe(201)
      // Shipped, off: turned on.
      const rules = (await app.inject('/api/v1/alerts/rules')).json<{
        rules: (AlertRuleInput & { id: number })[]
      }>().rules
      const failed = rules.find((rule) => rule.kind === 'launch_failed')
      expect(failed).toMatchObject({ name: 'A launch failed', threshold: 1, for_seconds: 0, enabled: false })
      const { id, ...rule } = failed as AlertRuleInput & { id: number; available?: boolean }
      delete rule.available
      const on = await app.inject({
        method: 'PUT',
        url: `/api/v1/alerts/rules/${String(id)}`,
        payload: { ...rule, enabled: true },
      })
      expect(on.statusCode, on.body).toBe(200)
      await launch(app, QWEN)
      app.platform.alerting.evaluate()
      await app.platform.alerting.pump()
      expect(JSON.parse(hook.received.at(-1)?.body ?? '{}')).toMatchObject({
        alerts: [
          {
            notice: 'fired',
            rule_name: 'A launch failed',
            model: 'qwen2.5-instruct',
            summary: 'model qwen2.5-instruct: its launch failed (see its reason on Running Models)',
          },
        ],
      })
      expect(
        (await app.inject({ method: 'DELETE', url: '/api/v1/models/qwen2.5-instruct' })).statusCode,
      ).toBe(200)
      app.platform.alerting.evaluate()
      await app.platform.alerting.pump()
      expect(JSON.parse(hook.received.at(-1)?.body ?? '{}')).toMatchObject({
        alerts: [{ notice: 'resolved', summary: 'model qwen2.5-instruct is gone (terminated or dismissed)' }],
      })
    },
  )

  it(
    "watches each model's refusals and request latency over the last minute (429s of its limits counted)",
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      expect((await launch(app, TINY_CHAT)).statusCode).toBe(200)
      const limited = await app.inject({
        method: 'PUT',
        url: '/api/v1/models/tiny-chat/limits',
        payload: {
          requests_per_minute: 1,
          tokens_per_minute: null,
          requests_at_once: null,
          token_budget: null,
          soft_budget: null,
          budget_period: 'day',
        },
      })
      expect(limited.statusCode, limited.body).toBe(200)
      const hello = userChat('tiny-chat', 'Hi', { max_tokens: 2, temperature: 0 })
      const statuses = []
      for (let n = 0; n < 3; n++) statuses.push((await postChat(app, hello)).statusCode)
      expect(statuses).toEqual([200, 429, 429])
      for (const rule of [
        { ...RULE, name: 'Refused', kind: 'refusals', threshold: 2, for_seconds: 0 },
        { ...RULE, name: 'Slow', kind: 'latency_p95_ms', threshold: 0, for_seconds: 0 },
      ]) {
        const made = await app.inject({ method: 'POST', url: '/api/v1/alerts/rules', payload: rule })
        expect(made.statusCode, made.body).toBe(201)
      }
      app.platform.alerting.evaluate()
      const firing = (await app.inject('/api/v1/alerts?state=firing')).json<{ alerts: Alert[] }>().alerts
      expect(firing.find((alert) => alert.kind === 'refusals')).toMatchObject({
        rule_name: 'Refused',
        model: 'tiny-chat',
        value: 2,
        summary: 'model tiny-chat: 2 request(s) refused with 429 in the last minute (alert at 2)',
      })
      const slow = firing.find((alert) => alert.kind === 'latency_p95_ms')
      expect(slow).toMatchObject({ rule_name: 'Slow', model: 'tiny-chat' })
      // The one answered request's duration: the only one the percentile reads (refusals are not requests).
      expect(slow?.value).toBeGreaterThan(0)
      expect(slow?.summary).toMatch(/^model tiny-chat: 95 % of the last minute's requests took up to \d+ ms/)
    },
  )

  it(
    "says once that a subject's budget reached its soft limit, naming it, and that it has none once its limits go",
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      expect((await launch(app, TINY_CHAT)).statusCode).toBe(200)
      const url = '/api/v1/models/tiny-chat/limits'
      const limits = {
        requests_per_minute: null,
        tokens_per_minute: null,
        requests_at_once: null,
        token_budget: 100_000,
        soft_budget: 1,
        budget_period: 'day',
      }
      expect((await app.inject({ method: 'PUT', url, payload: limits })).statusCode).toBe(200)
      expect((await postChat(app, userChat('tiny-chat', 'Hi', { max_tokens: 2 }))).statusCode).toBe(200)
      const rules = (await app.inject('/api/v1/alerts/rules')).json<{
        rules: (AlertRuleInput & { id: number })[]
      }>().rules
      expect(rules.find((rule) => rule.kind === 'quota_soft_limit')).toMatchObject({
        name: 'Soft limit reached',
        threshold: 100,
        for_seconds: 0,
        enabled: true,
      })
      const fired = app.platform.alerting.evaluate().filter(({ alert }) => alert.kind === 'quota_soft_limit')
      expect(fired).toHaveLength(1)
      expect(fired[0]?.alert).toMatchObject({ subject: 'model:tiny-chat', model: null, state: 'firing' })
      expect(fired[0]?.alert.value).toBeGreaterThanOrEqual(100)
      expect(fired[0]?.alert.summary).toMatch(
        /^model tiny-chat: \d+\.\d % of its soft limit used this period/,
      )
      // Said once: the next evaluation finds it firing.
      expect(
        app.platform.alerting.evaluate().filter(({ alert }) => alert.kind === 'quota_soft_limit'),
      ).toEqual([])

      expect(
        (await app.inject({ method: 'PUT', url, payload: { ...limits, soft_budget: null } })).statusCode,
      ).toBe(200)
      const resolved = app.platform.alerting
        .evaluate()
        .filter(({ alert }) => alert.kind === 'quota_soft_limit')
      expect(resolved).toMatchObject([
        {
          notice: 'resolved',
          alert: {
            subject: 'model:tiny-chat',
            summary:
              'model tiny-chat has no soft limit any more (its limits were changed, or it was removed)',
          },
        },
      ])
    },
  )

  it('starts with the shipped rules, named as the contract lists them (the console says each in its language)', () => {
    const store = new AlertStore(openDatabase(tempDir()))
    expect(store.rules().map((rule) => rule.name)).toEqual([...SHIPPED_ALERT_RULE_NAMES])
  })

  it('reads GPU memory where the machine has GPUs, and says a rule on it is unavailable where it has none', async () => {
    const bare = alertingAt()
    expect(bare.alerting.unavailableReason({ kind: 'gpu_memory', model: null })).toBe(
      'no GPU was found on this machine (nvidia-smi)',
    )
    expect(bare.alerting.unavailableReason({ kind: 'host_memory', model: null })).toBeNull()
    bare.store.addRule({ ...RULE, kind: 'gpu_memory', threshold: 90, for_seconds: 0 })
    expect(bare.alerting.evaluate()).toEqual([])

    const withGpus = alertingAt({ count: 2, vramTotal: 100, vramAvailable: 4 })
    expect(withGpus.alerting.unavailableReason({ kind: 'gpu_memory', model: null })).toBeNull()
    withGpus.store.addRule({ ...RULE, name: 'GPU', kind: 'gpu_memory', threshold: 90, for_seconds: 0 })
    expect(withGpus.alerting.evaluate()).toMatchObject([
      {
        notice: 'fired',
        alert: {
          kind: 'gpu_memory',
          model: null,
          value: 96,
          summary: 'the server: 96.0 % of GPU memory in use (alert above 90 %)',
        },
      },
    ])

    // Through the API: every rule says whether this server has its figure, and why not where it has none.
    const app = await testApp()
    const rules = (await app.inject('/api/v1/alerts/rules')).json<{
      rules: { kind: string; available: boolean; unavailable_reason: string | null }[]
    }>().rules
    expect(rules.map((rule) => rule.kind)).toEqual(
      expect.arrayContaining(['latency_p95_ms', 'refusals', 'gpu_memory']),
    )
    for (const rule of rules) {
      expect(rule.available).toBe(rule.unavailable_reason === null)
      if (rule.kind !== 'gpu_memory') expect(rule.available).toBe(true)
    }
  })

  it('fires only after its duration, groups a burst into one message, and keeps silenced alerts quiet', async () => {
    const { store, alerting, use, advance } = alertingAt()
    const hook = await receiver()
    store.addChannel(channel(hook.url('/hook')))
    store.addRule(RULE)
    store.addRule({ ...RULE, name: 'Memory, critical', threshold: 95, severity: 'critical' })

    use(97)
    expect(alerting.evaluate()).toEqual([])
    advance(170_000)
    expect(alerting.evaluate()).toEqual([])
    advance(10_000)
    expect(alerting.evaluate().map(({ alert }) => alert.rule_name)).toEqual(['Memory', 'Memory, critical'])
    await alerting.pump()
    // Both in one message.
    expect(hook.received).toHaveLength(1)
    expect((JSON.parse(hook.received[0]?.body ?? '{}') as { alerts: unknown[] }).alerts).toHaveLength(2)

    // Silenced, the critical one resolves without a word; the other resolves aloud.
    const critical = store.firing().find((alert) => alert.severity === 'critical')
    store.silence(critical?.id ?? 0, Date.UTC(2026, 10, 28, 18))
    use(92)
    advance(15_000)
    expect(alerting.evaluate().map(({ notice }) => notice)).toEqual(['resolved'])
    await alerting.pump()
    expect(hook.received).toHaveLength(1)
    use(10)
    advance(15_000)
    alerting.evaluate()
    await alerting.pump()
    expect(hook.received).toHaveLength(2)
    expect(JSON.parse(hook.received[1]?.body ?? '{}')).toMatchObject({
      alerts: [
        {
          rule_name: 'Memory',
          notice: 'resolved',
          summary: 'the server: 10.0 % of memory in use (alert above 90 %)',
        },
      ],
    })
  })

  it('tries a failing channel again with backoff, says so meanwhile, and delivers once it answers', async () => {
    const { store, alerting, use, advance } = alertingAt()
    const hook = await receiver([500, 503])
    const made = store.addChannel(channel(hook.url('/hook')))
    store.addRule({ ...RULE, for_seconds: 0 })
    use(99)
    alerting.evaluate()
    await alerting.pump()
    expect(store.channelOf(made.id)).toMatchObject({
      pending: 1,
      last_delivery: {
        ok: false,
        error: expect.stringMatching(/^answered HTTP 500; trying again at .+ \(try 2 of 10\)$/) as unknown,
      },
    })
    // Not due yet: nothing is sent.
    advance(4_000)
    await alerting.pump()
    expect(hook.received).toHaveLength(1)
    advance(1_000)
    await alerting.pump()
    expect(hook.received).toHaveLength(2)
    expect(store.channelOf(made.id)?.last_delivery?.error).toMatch(/^answered HTTP 503; .+ \(try 3 of 10\)$/)
    advance(10_000)
    await alerting.pump()
    expect(hook.received).toHaveLength(3)
    expect(store.channelOf(made.id)).toMatchObject({ pending: 0, last_delivery: { ok: true, error: null } })
    // The same message each time.
    expect(new Set(hook.received.map((one) => one.body)).size).toBe(1)
  })

  it('sends e-mail through a real SMTP server: the alert, the test; never a password without TLS', async () => {
    const { store, alerting, use } = alertingAt()
    const smtp = await smtpReceiver()
    const email = { from: 'alerts@example.com', to: ['ops@example.com', 'oncall@example.com'], username: '' }
    store.addChannel({ ...channel(smtp.url), kind: 'email', email })
    store.addRule({ ...RULE, for_seconds: 0 })
    use(99)
    alerting.evaluate()
    await alerting.pump()
    expect(smtp.mails).toHaveLength(1)
    const mail = smtp.mails[0]
    expect(mail).toMatchObject({ from: 'alerts@example.com', to: ['ops@example.com', 'oncall@example.com'] })
    expect(mail?.data).toContain('Subject: [Serving Console] Firing: Memory (the server)')
    expect(quotedPrintable(mail?.data ?? '')).toContain(
      '• FIRING [warning] Memory: the server: 99.0 % of memory in use (alert above 90 %)',
    )

    // Through the API: a test message; a password is never sent where the server offers no STARTTLS.
    const app = await testApp()
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
    const made = await post('/api/v1/alerts/channels', { ...channel(smtp.url), kind: 'email', email })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ kind: 'email', email, has_secret: false })
    const tested = await post(`/api/v1/alerts/channels/${String(made.json<{ id: number }>().id)}/test`, {})
    expect(tested.json()).toEqual({ ok: true, error: null })
    expect(smtp.mails[1]?.data).toContain('Subject: [Serving Console] A test message')
    const signingIn = await post('/api/v1/alerts/channels', {
      ...channel(smtp.url),
      kind: 'email',
      email: { ...email, username: 'alerts' },
      secret: 'smtp password 1',
    })
    expect(signingIn.statusCode).toBe(201)
    const refused = await post(
      `/api/v1/alerts/channels/${String(signingIn.json<{ id: number }>().id)}/test`,
      {},
    )
    expect(refused.json()).toEqual({ ok: false, error: expect.stringMatching(/TLS/) as unknown })
    expect(smtp.mails).toHaveLength(2)
    const listed = await app.inject('/api/v1/alerts/channels')
    expect(listed.body).not.toContain('smtp password 1')

    for (const [payload, detail] of [
      [{ ...channel('https://mail.example.com'), kind: 'email', email }, 'url must be an smtp or smtps URL'],
      [{ ...channel(smtp.url), kind: 'email' }, 'email: an e-mail channel needs'],
      [{ ...channel(smtp.url), kind: 'email', email: { ...email, to: [] } }, 'to'],
      [
        { ...channel(smtp.url), kind: 'email', email: { ...email, to: ['ops@example.com\r\nBcc: x@y'] } },
        'to',
      ],
      [{ ...channel('https://example.com'), email }, 'email: only an e-mail channel takes it'],
    ] as const) {
      const answer = await post('/api/v1/alerts/channels', payload)
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422)
      expect(answer.body).toContain(detail)
    }
  })

  it('reaches no loopback or link-local address unless allowed, and checks every setting', async () => {
    const app = await testApp()
    const hook = await receiver()
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
    for (const url of [
      hook.url('/x'),
      hook.url('/x').replace('127.0.0.1', 'localhost'),
      'http://[::ffff:127.0.0.1]:9/x',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const made = await post('/api/v1/alerts/channels', channel(url, { allow_internal: false }))
      expect(made.statusCode, url).toBe(201)
      const tested = await post(`/api/v1/alerts/channels/${String(made.json<{ id: number }>().id)}/test`, {})
      expect(tested.json(), url).toEqual({
        ok: false,
        error: expect.stringMatching(/^refused: .+ is a loopback or link-local address/) as unknown,
      })
    }
    expect(hook.received).toHaveLength(0)
    // Allowed, the same receiver gets a signed test message.
    const allowed = await post('/api/v1/alerts/channels', channel(hook.url('/x'), { secret: 'k' }))
    const tested = await post(`/api/v1/alerts/channels/${String(allowed.json<{ id: number }>().id)}/test`, {})
    expect(tested.json()).toEqual({ ok: true, error: null })
    expect(verified('k', hook.received[0] as Received)).toBe(true)
    expect(JSON.parse(hook.received[0]?.body ?? '{}')).toMatchObject({ event: 'test', alerts: [] })

    for (const [url, payload, detail] of [
      ['/api/v1/alerts/channels', channel('ftp://example.com/x'), 'url must be an http or https URL'],
      ['/api/v1/alerts/channels', channel('file:///etc/passwd'), 'url must be an http or https URL'],
      ['/api/v1/alerts/channels', channel('not a url'), 'url must be an absolute http or https URL'],
      [
        '/api/v1/alerts/channels',
        { ...channel('https://hooks.slack.com/x'), kind: 'slack', secret: 'x' },
        'secret: a Slack URL is its own secret',
      ],
      [
        '/api/v1/alerts/rules',
        { ...RULE, model: 'tiny' },
        'model: a host_memory rule watches the server itself',
      ],
      ['/api/v1/alerts/rules', { ...RULE, for_seconds: 86_401 }, 'for_seconds'],
      ['/api/v1/alerts/rules', { ...RULE, kind: 'gpu_magic' }, 'kind'],
      ['/api/v1/alerts/rules', { ...RULE, name: ' ' }, 'name'],
    ] as const) {
      const refused = await post(url, payload)
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422)
      expect(refused.body).toContain(detail)
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/alerts/999/silence', payload: { seconds: 10 } }))
        .statusCode,
    ).toBe(422)
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/alerts/999/silence', payload: { seconds: 600 } }))
        .statusCode,
    ).toBe(404)
  })

  it('are an administrator’s: a user without admin may neither read nor change them', async () => {
    const { app, admin } = await storeApp()
    const bob = await signedInUser(app, admin, member('bob', ['models:read', 'models:stop']))
    for (const [method, url] of [
      ['GET', '/api/v1/alerts'],
      ['GET', '/api/v1/alerts/rules'],
      ['POST', '/api/v1/alerts/channels'],
    ] as const)
      expect(
        (
          await app.inject({
            method,
            url,
            headers: bob,
            payload: method === 'POST' ? channel('https://example.com') : undefined,
          })
        ).statusCode,
        url,
      ).toBe(403)
    expect((await app.inject({ url: '/api/v1/alerts', headers: admin })).statusCode).toBe(200)
  })
})
