import { describe, expect, it } from 'vitest'
import { postChat, TINY_CHAT, userChat, waitFor } from './helper.js'
import { launchedApp } from './runtime-helper.js'

// Real worker processes: one per replica, and what happens when one dies.

describe('replicas', () => {
  it('starts one worker per replica and serves them round-robin', { timeout: 30_000 }, async () => {
    const app = await launchedApp({ ...TINY_CHAT, replica: 2 })
    const replicas = (await app.inject('/v1/models/tiny-chat/replicas')).json<
      { replica_id: number; status: string }[]
    >()
    expect(replicas.map((replica) => [replica.replica_id, replica.status])).toEqual([
      [0, 'READY'],
      [1, 'READY'],
    ])
    const model = app.platform.models.get('tiny-chat')
    const picks = [model.acquire(), model.acquire(), model.acquire()]
    expect(picks.map((pick) => pick.worker.replicaId)).toEqual([0, 1, 0])
    for (const pick of picks) pick.release()
    expect(new Set(model.workers.map((worker) => worker.pid)).size).toBe(2)
  })

  it(
    'reports a crashed worker with its reason instead of dropping the model',
    { timeout: 30_000 },
    async () => {
      const app = await launchedApp()
      const worker = app.platform.models.get('tiny-chat').workers[0]
      process.kill(worker?.pid ?? 0, 'SIGKILL')
      await waitFor(() => worker?.status === 'ERROR')
      const replicas = (await app.inject('/v1/models/tiny-chat/replicas')).json<
        { status: string; error_message: string }[]
      >()
      expect(replicas[0]).toMatchObject({
        status: 'ERROR',
        error_message: 'worker exited unexpectedly (signal SIGKILL)',
      })
      expect((await app.inject('/api/v1/models')).json<{ data: unknown[] }>().data).toHaveLength(1)
      const chat = await postChat(app, userChat('tiny-chat', 'x'))
      expect(chat.statusCode).toBe(503)
      expect(chat.json<{ detail: string }>().detail).toMatch(/has failed: worker exited unexpectedly/)
      const logs = (await app.inject('/v1/models/tiny-chat/logs?tail=3')).json<{ lines: string[] }>()
      expect(logs.lines.join('\n')).toMatch(/ERROR worker exited unexpectedly/)
    },
  )

  it(
    'says a model with a dead replica is degraded, one with none left failed, and restarts them',
    { timeout: 60_000 },
    async () => {
      const app = await launchedApp({ ...TINY_CHAT, replica: 2 })
      const health = async () =>
        (await app.inject('/api/v1/models')).json<{ data: { health: unknown }[] }>().data[0]?.health
      expect(await health()).toEqual({ state: 'ready', ready_replicas: 2, replicas: 2, reason: null })
      const model = app.platform.models.get('tiny-chat')
      const [first, second] = model.workers
      process.kill(first?.pid ?? 0, 'SIGKILL')
      await waitFor(() => first?.status === 'ERROR')
      expect(await health()).toEqual({
        state: 'degraded',
        ready_replicas: 1,
        replicas: 2,
        reason: 'replica 0: worker exited unexpectedly (signal SIGKILL)',
      })
      process.kill(second?.pid ?? 0, 'SIGKILL')
      await waitFor(() => second?.status === 'ERROR')
      expect(await health()).toMatchObject({ state: 'failed', ready_replicas: 0 })

      const restarted = await app.inject({ method: 'POST', url: '/api/v1/models/tiny-chat/restart' })
      expect(restarted.statusCode).toBe(200)
      expect(restarted.json()).toMatchObject({ health: { state: 'ready', ready_replicas: 2, reason: null } })
      const chat = await postChat(app, userChat('tiny-chat', 'x', { max_tokens: 2 }))
      expect(chat.statusCode).toBe(200)
      const again = await app.inject({ method: 'POST', url: '/api/v1/models/tiny-chat/restart' })
      expect(again.statusCode).toBe(400)
      expect(again.json<{ detail: string }>().detail).toBe(
        'No replica of tiny-chat has failed: there is nothing to restart',
      )
      const logs = (await app.inject('/v1/models/tiny-chat/logs?tail=20')).json<{ lines: string[] }>()
      expect(logs.lines.join('\n')).toMatch(/replica 1 ready again/)
    },
  )
})
