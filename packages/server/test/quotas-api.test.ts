import OpenAI from 'openai'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { postChat, testApp, testConfig, TINY_CHAT } from './helper.js'
import { sample } from './runtime-helper.js'
import { as, FIRST, makeKey, member, signedInUser, storeApp } from './store-helper.js'

// Limits and usage through the API, on the real platform with a real tiny model (docs/quotas.md).

const NONE = {
  requests_per_minute: null,
  tokens_per_minute: null,
  requests_at_once: null,
  token_budget: null,
  soft_budget: null,
  budget_period: 'day',
}
const HELLO = {
  model: 'tiny',
  messages: [{ role: 'user' as const, content: 'Hello' }],
  max_tokens: 8,
  temperature: 0,
}

async function launchTiny(app: FastifyInstance, headers: Record<string, string> = {}) {
  const launched = await app.inject({
    method: 'POST',
    url: '/api/v1/models',
    headers,
    payload: { ...TINY_CHAT, model_uid: 'tiny' },
  })
  expect(launched.statusCode, launched.body).toBe(200)
}

const setLimits = (app: FastifyInstance, url: string, headers: Record<string, string>, limits: object) =>
  app.inject({ method: 'PUT', url, headers, payload: { ...NONE, ...limits } })

/** Seconds until the next midnight UTC, as a budget's Retry-After says it. */
const untilMidnight = () => {
  const now = Date.now()
  const midnight = new Date(now)
  midnight.setUTCHours(24, 0, 0, 0)
  return Math.ceil((midnight.getTime() - now) / 1000)
}

// Every test launches a real worker: a busy machine (the suite runs files side by side) takes seconds for it.
describe('limits and usage', { timeout: 30_000 }, () => {
  it(
    'a key held to a request a minute and a user to a daily budget: both bite, named; usage says who used what',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeApp()
      await launchTiny(app, admin)
      const alice = await signedInUser(app, admin, member('alice', ['models:read']))
      const aliceId = (await app.inject({ url: '/v1/admin/users', headers: admin }))
        .json<{ id: number; username: string }[]>()
        .find((user) => user.username === 'alice')?.id
      const key = await makeKey(app, admin, { name: 'ci', owner: aliceId })

      const keyLimits = await setLimits(app, `/api/v1/admin/keys/${String(key.id)}/limits`, admin, {
        requests_per_minute: 1,
      })
      expect(keyLimits.statusCode, keyLimits.body).toBe(200)
      expect(keyLimits.json()).toMatchObject({
        subject_type: 'key',
        subject: String(key.id),
        label: `"ci" (${key.prefix}…)`,
      })

      // The official client, with the key.
      await app.listen({ host: '127.0.0.1', port: 0 })
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const client = new OpenAI({
        baseURL: `http://127.0.0.1:${String(port)}/v1`,
        apiKey: key.key,
        maxRetries: 0,
      })
      const first = await client.chat.completions.create({ ...HELLO, stream: false })
      const used = first.usage?.total_tokens ?? 0
      expect(used).toBeGreaterThan(0)
      const second = await client.chat.completions
        .create({ ...HELLO, stream: false })
        .catch((error: unknown) => error)
      expect(second).toBeInstanceOf(OpenAI.APIError)
      const refused = second as InstanceType<typeof OpenAI.APIError>
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers?.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      // The client reads OpenAI's `error` field only; the platform's `{detail}`, as upstream's, names the limit.
      const third = await postChat(app, HELLO, as(key.key))
      expect(third.statusCode).toBe(429)
      expect(third.json<{ detail: string }>().detail).toMatch(
        new RegExp(
          `^Limit of key "ci" \\(${key.prefix}…\\): 1 requests per minute; the next one is allowed at \\d{4}-`,
        ),
      )

      // The user's budget counts what she used through any key.
      const userLimits = await setLimits(app, `/api/v1/admin/users/${String(aliceId)}/limits`, admin, {
        token_budget: used,
        budget_period: 'day',
      })
      expect(userLimits.json<{ usage: { budget_used: number } }>().usage.budget_used).toBe(used)
      const byJwt = await postChat(app, HELLO, alice)
      expect(byJwt.statusCode).toBe(429)
      expect(byJwt.json<{ detail: string }>().detail).toMatch(
        new RegExp(
          `^Token budget of user alice: ${String(used)} tokens per day, all used; it resets at \\d{4}-\\d\\d-\\d\\dT00:00:00Z$`,
        ),
      )
      expect(Math.abs(Number(byJwt.headers['retry-after']) - untilMidnight())).toBeLessThanOrEqual(2)

      // The key's holder reads what remains, with the key itself.
      const quota = await app.inject({ url: '/api/v1/quota', headers: as(key.key) })
      expect(quota.statusCode, quota.body).toBe(200)
      expect(quota.json()).toMatchObject({
        user: {
          subject_type: 'user',
          label: 'alice',
          limits: { token_budget: used },
          usage: { budget_used: used },
        },
        key: { subject_type: 'key', limits: { requests_per_minute: 1 }, usage: { requests_last_minute: 1 } },
        models: [],
      })

      // Usage, per user, key and model: the tokens the answer said, the refusals counted.
      const since = Math.floor(Date.now() / 1000) - 3600
      const usage = await app.inject({
        url: `/api/v1/usage?since=${String(since)}&step=hour`,
        headers: admin,
      })
      expect(usage.statusCode, usage.body).toBe(200)
      const rows = usage.json<{ rows: Record<string, unknown>[] }>().rows
      expect(rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            user: 'alice',
            key_id: key.id,
            key_name: 'ci',
            model: 'tiny',
            requests: 1,
            refused: 2,
            prompt_tokens: first.usage?.prompt_tokens,
            generated_tokens: first.usage?.completion_tokens,
          }),
          expect.objectContaining({
            user: 'alice',
            key_id: 0,
            key_name: null,
            model: 'tiny',
            requests: 0,
            refused: 1,
          }),
        ]),
      )
      // The same as Prometheus counters, by user, key (its prefix) and model.
      const metrics = (await app.inject({ url: '/metrics', headers: admin })).body
      const who = { user: 'alice', key: key.prefix, model: 'tiny' }
      expect(sample(metrics, 'serving_console:usage_requests_total', who)).toBe(1)
      expect(sample(metrics, 'serving_console:usage_refused_total', who)).toBe(2)
      expect(sample(metrics, 'serving_console:usage_tokens_total', { ...who, kind: 'generated' })).toBe(
        first.usage?.completion_tokens,
      )

      // Someone who does not manage users sees only their own, whatever they ask for.
      const asked = await app.inject({
        url: `/api/v1/usage?since=${String(since)}&user=first-admin`,
        headers: alice,
      })
      expect(asked.json<{ rows: { user: string }[] }>().rows.every((row) => row.user === 'alice')).toBe(true)

      // The trail counts the refusals for a limit (folded, not one row each) and the limits' changes.
      const trail = await app.inject({ url: '/v1/audit/search?size=50', headers: admin })
      const items = trail.json<{
        hits: { status: string; http_status: number; endpoint: string; count: number }[]
      }>().hits
      expect(
        items.filter((item) => item.status === 'limited' && item.http_status === 429).length,
      ).toBeGreaterThan(0)
      expect(items.some((item) => item.endpoint === `/api/v1/admin/keys/${String(key.id)}/limits`)).toBe(true)
    },
  )

  it('refuses limits out of bounds, an unknown period, a soft limit above the hard one, and unknown subjects; nothing written', async () => {
    const { app, admin } = await storeApp()
    await launchTiny(app, admin)
    const url = '/api/v1/models/tiny/limits'
    for (const [limits, field] of [
      [{ requests_per_minute: 0 }, 'requests_per_minute'],
      [{ requests_at_once: 10_001 }, 'requests_at_once'],
      [{ tokens_per_minute: 1.5 }, 'tokens_per_minute'],
      [{ budget_period: 'year' }, 'budget_period'],
      [{ token_budget: 100, soft_budget: 100 }, 'soft_budget'],
    ] as const) {
      const answer = await setLimits(app, url, admin, limits)
      expect(answer.statusCode, JSON.stringify(limits)).toBe(422)
      expect(answer.body).toContain(field)
    }
    expect((await app.inject({ url, headers: admin })).json()).toMatchObject({ limits: NONE })
    expect(
      (await setLimits(app, '/api/v1/models/nothing-here/limits', admin, { requests_per_minute: 5 }))
        .statusCode,
    ).toBe(404)
    expect(
      (await setLimits(app, '/api/v1/admin/users/99/limits', admin, { requests_per_minute: 5 })).json(),
    ).toEqual({ detail: 'User not found' })
    expect(
      (await setLimits(app, '/api/v1/admin/keys/99/limits', admin, { requests_per_minute: 5 })).json(),
    ).toEqual({ detail: 'API key not found' })
    expect((await app.inject({ url: '/api/v1/limits', headers: admin })).json()).toEqual({ limits: [] })

    // Someone who may not manage users cannot limit anyone, themselves included.
    const bob = await signedInUser(app, admin, member('bob', ['models:read']))
    expect((await setLimits(app, '/api/v1/admin/users/1/limits', bob, {})).statusCode).toBe(403)
    expect((await setLimits(app, url, bob, {})).statusCode).toBe(403)
  })

  it('nobody widens their own limits; a key learns only the limits of the models it reaches', async () => {
    const { app, admin } = await storeApp()
    await launchTiny(app, admin)
    const carol = await signedInUser(
      app,
      admin,
      member('carol', ['users:manage', 'keys:manage', 'keys:create', 'models:read']),
    )
    await signedInUser(app, admin, member('dave', ['models:read']))
    const ids = Object.fromEntries(
      (await app.inject({ url: '/v1/admin/users', headers: admin }))
        .json<{ id: number; username: string }[]>()
        .map((user) => [user.username, user.id]),
    )
    const userUrl = (name: string) => `/api/v1/admin/users/${String(ids[name])}/limits`
    const keyUrl = (key: { id: number }) => `/api/v1/admin/keys/${String(key.id)}/limits`
    const refused = async (url: string, detail: string) => {
      const answer = await setLimits(app, url, carol, { requests_per_minute: 10_000 })
      expect(answer.statusCode, url).toBe(403)
      expect(answer.json()).toEqual({ detail })
      expect((await app.inject({ url, headers: admin })).json()).toMatchObject({ limits: NONE })
    }

    // A user manager limits others, not themselves nor an administrator.
    await refused(userUrl('carol'), 'Only an administrator may change your own limits')
    await refused(userUrl(FIRST.username), 'Non-admin cannot perform this action on an admin user')
    expect((await setLimits(app, userUrl('dave'), carol, { requests_per_minute: 5 })).statusCode).toBe(200)

    // A key manager: not their own keys (a key acts as its owner), nor an administrator's.
    const own = await makeKey(app, carol, { name: 'carol-key' })
    const adminKey = await makeKey(app, admin, { name: 'admin-key' })
    const daveKey = await makeKey(app, admin, { name: 'dave-key', owner: ids.dave })
    await refused(keyUrl(own), 'Only an administrator may change the limits of your own API keys')
    await refused(keyUrl(adminKey), "Non-admin cannot change the limits of an admin user's API keys")
    expect((await setLimits(app, keyUrl(daveKey), carol, { requests_per_minute: 5 })).statusCode).toBe(200)

    // An administrator sets anyone's, their own included.
    for (const url of [userUrl('carol'), userUrl(FIRST.username), keyUrl(own), keyUrl(adminKey)])
      expect((await setLimits(app, url, admin, { requests_per_minute: 7 })).statusCode, url).toBe(200)

    // The caller's own quota names only the models its key reaches.
    expect(
      (await setLimits(app, '/api/v1/models/tiny/limits', admin, { requests_per_minute: 9 })).statusCode,
    ).toBe(200)
    const quotaModels = async (key: { key: string }) =>
      (await app.inject({ url: '/api/v1/quota', headers: as(key.key) }))
        .json<{ models: { subject: string }[] }>()
        .models.map((model) => model.subject)
    const toTiny = await makeKey(app, admin, {
      name: 'to-tiny',
      model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny' }],
    })
    const elsewhere = await makeKey(app, admin, {
      name: 'elsewhere',
      model_permissions: [{ permission_type: 'model_id', permission_value: 'another' }],
    })
    expect(await quotaModels(toTiny)).toEqual(['tiny'])
    expect(await quotaModels(elsewhere)).toEqual([])
  })

  it(
    'without a user store only models have limits, and a stream stops cleanly at its budget',
    { timeout: 30_000 },
    async () => {
      const config = testConfig()
      const app = await testApp(config)
      await launchTiny(app)
      const refusedUser = await setLimits(app, '/api/v1/admin/users/1/limits', {}, { requests_per_minute: 1 })
      expect(refusedUser.statusCode).toBe(400)
      expect(refusedUser.json<{ detail: string }>().detail).toContain('without authentication')

      expect(
        (await setLimits(app, '/api/v1/models/tiny/limits', {}, { token_budget: 3, soft_budget: 2 }))
          .statusCode,
      ).toBe(200)
      const streamed = await postChat(app, { ...HELLO, stream: true })
      expect(streamed.statusCode).toBe(200)
      const events = streamed.body
        .split('\n\n')
        .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
        .map((event) => JSON.parse(event.slice('data: '.length)) as Record<string, unknown>)
      const texts = events
        .flatMap((event) => (event.choices as { delta?: { content?: string } }[] | undefined) ?? [])
        .filter((choice) => choice.delta?.content)
      // Three tokens at most, in as many events or fewer: a worker sends its text in frames (docs/decisions/0026),
      // and on a busy machine one frame may carry two tokens.
      expect(texts.length).toBeGreaterThan(0)
      expect(texts.length).toBeLessThanOrEqual(3)
      expect(events.at(-2)).toMatchObject({ choices: [{ finish_reason: 'length' }] })
      expect(events.at(-1)).toEqual({
        error: expect.stringMatching(
          /^Token budget of model tiny: 3 tokens per day, all used; it resets at/,
        ) as unknown,
      })
      expect(streamed.body.endsWith('data: [DONE]\n\n')).toBe(true)

      const next = await postChat(app, HELLO)
      expect(next.statusCode).toBe(429)
      const limits = await app.inject({ url: '/api/v1/models/tiny/limits' })
      const counted = limits.json<{ usage: { budget_used: number; soft_reached: boolean } }>().usage
      expect(counted.soft_reached).toBe(true)
      expect(counted.budget_used).toBeGreaterThan(3) // the prompt's tokens, counted at the end

      // Another server on the same data: the same budget used, the same refusal.
      await app.close()
      const again = await testApp(config)
      await launchTiny(again)
      expect((await again.inject({ url: '/api/v1/models/tiny/limits' })).json()).toMatchObject({
        usage: { budget_used: counted.budget_used },
      })
      expect((await postChat(again, HELLO)).statusCode).toBe(429)
      // The first server counted its worker's time up to its close.
      const since = Math.floor(Date.now() / 1000) - 7200
      const workers = (await again.inject({ url: `/api/v1/usage?since=${String(since)}` })).json<{
        workers: { model: string; worker_seconds: number; gpu_seconds: number }[]
      }>().workers
      expect(workers.map((row) => row.model)).toContain('tiny')
      expect(workers.reduce((sum, row) => sum + row.worker_seconds, 0)).toBeGreaterThan(0)
    },
  )
})
