import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { KEPT_LAUNCHES_PER_USER } from '../src/platform/db/launch-history.js'
import { openSqlite } from '../src/platform/db/sqlite.js'
import { testApp, testConfig, TINY_CHAT } from './helper.js'

describe('launch history (upstream v3’s /v1/launch_history)', () => {
  it(
    'records each launch with its settings, and keeps them across a restart',
    { timeout: 30_000 },
    async () => {
      const config = testConfig()
      const app = await testApp(config)
      const payload = { ...TINY_CHAT, model_uid: 'again', n_parallel: 2 }
      expect((await app.inject({ method: 'POST', url: '/api/v1/models', payload })).statusCode).toBe(200)
      await app.close()

      const restarted = await testApp(config)
      const listed = await restarted.inject('/v1/launch_history?model_name=tiny-chat')
      expect(listed.statusCode).toBe(200)
      expect(listed.json()).toMatchObject([{ model_name: 'tiny-chat', model_uid: 'again', data: payload }])
      expect((await restarted.inject('/v1/launch_history?model_name=other')).json()).toEqual([])
    },
  )

  it('takes records as upstream’s web UI posts them, replaces the same one, and deletes', async () => {
    const app = await testApp()
    const post = (data: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/v1/launch_history',
        payload: { model_name: 'm', model_uid: 'u', data },
      })
    expect((await post({ replica: 1 })).json()).toEqual({ status: 'ok' })
    expect((await post({ replica: 2 })).statusCode).toBe(200)
    const listed = (await app.inject('/v1/launch_history')).json<{ data: unknown }[]>()
    expect(listed).toHaveLength(1)
    expect(listed[0]?.data).toEqual({ replica: 2 })
    expect((await app.inject({ method: 'DELETE', url: '/v1/launch_history/m/u' })).statusCode).toBe(200)
    const again = await app.inject({ method: 'DELETE', url: '/v1/launch_history/m/u' })
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ detail: 'Record not found' })
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/launch_history',
      payload: { model_uid: 'u' },
    })
    expect(refused.statusCode).toBe(422)
  })

  it(`keeps the newest ${String(KEPT_LAUNCHES_PER_USER)} per user`, async () => {
    const app = await testApp()
    for (let index = 0; index < KEPT_LAUNCHES_PER_USER + 5; index++) {
      await app.inject({
        method: 'POST',
        url: '/v1/launch_history',
        payload: { model_name: 'm', model_uid: `u${String(index)}` },
      })
    }
    const listed = (await app.inject('/v1/launch_history')).json<{ model_uid: string }[]>()
    expect(listed).toHaveLength(KEPT_LAUNCHES_PER_USER)
    expect(listed.map((entry) => entry.model_uid)).not.toContain('u0')
  })

  it(
    'answers a launch that succeeded even when its record cannot be written',
    { timeout: 30_000 },
    async () => {
      const config = testConfig()
      const app = await testApp(config)
      // A real refusal by SQLite itself, through a second connection to the same file.
      const other = openSqlite(join(config.dataDir, 'platform.db'))
      other.exec(
        "CREATE TRIGGER refuse BEFORE INSERT ON launch_history BEGIN SELECT RAISE(ABORT, 'refused'); END",
      )
      other.close()
      const launched = await app.inject({ method: 'POST', url: '/api/v1/models', payload: TINY_CHAT })
      expect(launched.statusCode).toBe(200)
      const running = (await app.inject('/api/v1/models')).json<{ data: { id: string }[] }>()
      expect(running.data.map((row) => row.id)).toEqual(['tiny-chat'])
      expect((await app.inject('/v1/launch_history')).json()).toEqual([])
    },
  )
})
