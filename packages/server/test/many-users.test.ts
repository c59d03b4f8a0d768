import { describe, expect, it } from 'vitest'
import { QUEUED_PER_PLACE } from '../src/platform/runtime/admission.js'
import { testApp, waitFor, TINY_CHAT } from './helper.js'
import { fillTheLine, launch } from './runtime-helper.js'

// Real worker processes: many requests at once on one model, its places and the line for them.

describe('many users at once', () => {
  const ask = (maxTokens: number, content = 'Tell me a long story') => ({
    op: 'chat' as const,
    messages: [{ role: 'user' as const, content }],
    params: { max_tokens: maxTokens, temperature: 0 },
  })

  it(
    'serves requests together on one replica: a short one ends while a long one streams',
    { timeout: 60_000 },
    async () => {
      const app = await testApp()
      await launch(app, { ...TINY_CHAT, n_parallel: 2 })
      const model = app.platform.models.get('tiny-chat')
      let longDone = false
      let firstChunk: () => void = () => undefined
      const streaming = new Promise<void>((resolve) => (firstChunk = resolve))
      const long = model
        .serve<{ completion_tokens: number }>(ask(4000), { onChunk: () => firstChunk() })
        .then((result) => ((longDone = true), result))
      // The short one starts once the long one is generating.
      await streaming
      const short = await model.serve<{ completion_tokens: number }>(ask(4, 'Hi'))
      expect(short.completion_tokens).toBeGreaterThan(0)
      // Before, one replica answered one request at a time: the short one waited for the whole long answer.
      expect(longDone).toBe(false)
      expect((await long).completion_tokens).toBeGreaterThan(100)
    },
  )

  it(
    'frees a sequence at once when its request is cancelled, for the one waiting',
    { timeout: 60_000 },
    async () => {
      const app = await testApp()
      await launch(app, { ...TINY_CHAT, n_parallel: 1 })
      const model = app.platform.models.get('tiny-chat')
      const controller = new AbortController()
      let started: () => void = () => undefined
      const streaming = new Promise<void>((resolve) => (started = resolve))
      const cancelled = model.serve<{ completion_tokens: number }>(ask(100_000), {
        signal: controller.signal,
        onChunk: () => started(),
      })
      await streaming
      const waiting = model.serve<{ completion_tokens: number }>(ask(4, 'Hi'))
      controller.abort()
      // The cancelled one stops where it was (its partial answer is its result), and its sequence goes to the next.
      expect((await cancelled).completion_tokens).toBeLessThan(100_000)
      expect((await waiting).completion_tokens).toBeGreaterThan(0)
    },
  )

  it(
    'admits n_parallel × replicas requests and a bounded queue, then answers 429 with Retry-After',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      await launch(app, { ...TINY_CHAT, n_parallel: 2 })
      const model = app.platform.models.get('tiny-chat')
      // Two hold the places, the rest wait for them.
      const { admitted, refusal } = await fillTheLine(model, 2)
      expect(refusal).toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } })
      admitted[0]?.release()
      expect(() => model.acquire().release()).not.toThrow()
      for (const place of admitted) place.release()
    },
  )

  it(
    'gives a waiting place to each client in turn, and shows the load in the model’s row',
    { timeout: 60_000 },
    async () => {
      const app = await testApp()
      await launch(app, { ...TINY_CHAT, n_parallel: 1 })
      const model = app.platform.models.get('tiny-chat')
      const holder = new AbortController()
      let started: () => void = () => undefined
      const streaming = new Promise<void>((resolve) => (started = resolve))
      const held = model.serve(ask(100_000), {
        client: 'a',
        signal: holder.signal,
        onChunk: () => started(),
      })
      await streaming
      const order: string[] = []
      const asked = (client: string, name: string) =>
        model.serve(ask(2, 'Hi'), { client }).then(() => order.push(name))
      const waiting = [asked('a', 'a2'), asked('a', 'a3'), asked('b', 'b1')]
      const row = (await app.inject('/api/v1/models')).json<{ data: Record<string, unknown>[] }>().data[0]
      expect(row).toMatchObject({
        n_parallel: 1,
        load: { serving: 1, capacity: 1, queued: 3, max_queued: QUEUED_PER_PLACE },
      })
      holder.abort()
      await held
      await Promise.all(waiting)
      // First come first served would answer a2, a3, then b1: b waiting behind all of a's.
      expect(order).toEqual(['a2', 'b1', 'a3'])
    },
  )

  it(
    'unloads a model idle past its idle_ttl, says when it will, and lists it as unloaded',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      expect((await launch(app, { ...TINY_CHAT, idle_ttl: 1 })).statusCode).toBe(200)
      const model = app.platform.models.get('tiny-chat')
      const row = async () =>
        (await app.inject('/api/v1/models')).json<{ data: { unloads_at?: number | null }[] }>().data[0]
      const unloadsAt = (await row())?.unloads_at ?? 0
      expect(unloadsAt * 1000 - Date.now()).toBeGreaterThan(55_000)
      expect(unloadsAt * 1000 - Date.now()).toBeLessThanOrEqual(61_000)
      // Serving: no unload is due.
      const held = model.acquire()
      expect((await row())?.unloads_at).toBeNull()
      await app.platform.models.unloadIdle(Date.now() + 120_000)
      expect(app.platform.models.listed()).toHaveLength(1)
      held.release()

      await app.platform.models.unloadIdle(Date.now() + 61_000)
      expect((await app.inject('/api/v1/models')).json<{ data: unknown[] }>().data).toEqual([])
      expect((await app.inject('/api/v1/models/launches')).json()).toMatchObject([
        { model_uid: 'tiny-chat', stage: 'unloaded', error: 'Unloaded after 1 min without a request' },
      ])
      await waitFor(() => model.workers.every((worker) => worker.status === 'STOPPED'))
      // Its uid is free again.
      expect((await launch(app, TINY_CHAT)).statusCode).toBe(200)
      expect((await launch(app, { ...TINY_CHAT, model_uid: 'x', idle_ttl: 0 })).statusCode).toBe(422)
    },
  )

  it('refuses an n_parallel out of range, as the schema refuses any bad field (422)', async () => {
    const app = await testApp()
    for (const n_parallel of [0, 65, 1.5, 'four']) {
      const response = await launch(app, { ...TINY_CHAT, n_parallel })
      expect(response.statusCode, String(n_parallel)).toBe(422)
      expect(JSON.stringify(response.json<{ detail: unknown }>().detail)).toMatch(/n_parallel/)
    }
  })
})
