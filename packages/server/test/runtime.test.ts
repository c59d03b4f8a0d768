import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { QUEUED_PER_SLOT } from '../src/platform/runtime/running-model.js'
import { startLocalHub, type LocalHub } from './support/local-hub.js'
import { testApp, waitFor, TINY_CHAT } from './helper.js'

// Real worker processes running llama.cpp on the platform's generated tiny models.

let hub: LocalHub | undefined
afterEach(async () => {
  await hub?.close()
  hub = undefined
})

const launch = (app: FastifyInstance, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/models', payload: body })

const cosine = (a: number[], b: number[]) => {
  let dot = 0
  let na = 0
  let nb = 0
  a.forEach((x, i) => {
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  })
  return dot / Math.sqrt(na * nb)
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('launch → chat → embeddings → rerank → terminate', () => {
  it('serves the tiny models end to end', { timeout: 60_000 }, async () => {
    const app = await testApp()
    await app.ready()

    const launched = await launch(app, TINY_CHAT)
    expect(launched.json()).toEqual({ model_uid: 'tiny-chat' })
    const rows = (await app.inject('/api/v1/models')).json<{
      object: string
      data: Record<string, unknown>[]
    }>()
    expect(rows.object).toBe('list')
    expect(rows.data[0]).toMatchObject({
      id: 'tiny-chat',
      model_type: 'LLM',
      model_name: 'tiny-chat',
      model_format: 'ggufv2',
      quantization: 'f32',
      replica: 1,
      context_length: 2048,
      accelerators: [],
    })

    const chat = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      payload: {
        model: 'tiny-chat',
        messages: [{ role: 'user', content: 'Hello' }],
        temperature: 0,
        max_tokens: 12,
      },
    })
    expect(chat.statusCode).toBe(200)
    const answer = chat.json<{
      choices: { message: { content: string }; finish_reason: string }[]
      usage: { completion_tokens: number }
    }>()
    // Seeded weights and greedy sampling: the same words every run.
    expect(answer.choices[0]?.message.content).toBe('their good selfkr set it airm07 came')
    expect(answer.choices[0]?.finish_reason).toBe('length')
    expect(answer.usage.completion_tokens).toBe(12)

    const completion = await app.inject({
      method: 'POST',
      url: '/v1/completions',
      payload: { model: 'tiny-chat', prompt: 'the water', temperature: 0, max_tokens: 4 },
    })
    expect(completion.json<{ choices: { text: string }[] }>().choices[0]?.text.length).toBeGreaterThan(0)

    await launch(app, { model_name: 'tiny-embedding', model_type: 'embedding' })
    const embedded = await app.inject({
      method: 'POST',
      url: '/v1/embeddings',
      payload: {
        model: 'tiny-embedding',
        input: ['the cat sat on the mat', 'the cat sat on a mat', 'water turn cause much mean'],
      },
    })
    const vectors = embedded.json<{ data: { embedding: number[] }[] }>().data.map((item) => item.embedding)
    const [mat, nearDuplicate, unrelated] = vectors as [number[], number[], number[]]
    expect(mat).toHaveLength(64)
    expect(cosine(mat, nearDuplicate)).toBeGreaterThan(cosine(mat, unrelated))

    await launch(app, { model_name: 'tiny-rerank', model_type: 'rerank', model_uid: 'my-reranker' })
    const ranked = await app.inject({
      method: 'POST',
      url: '/v1/rerank',
      payload: {
        model: 'my-reranker',
        query: 'water',
        documents: ['a', 'b c', 'd'],
        top_n: 2,
        return_documents: true,
      },
    })
    const results = ranked.json<{
      results: { index: number; relevance_score: number; document: { text: string } }[]
    }>().results
    const [first, second] = results
    expect(results).toHaveLength(2)
    expect(first?.relevance_score).toBeGreaterThanOrEqual(second?.relevance_score ?? Infinity)
    expect(first?.document.text).toBe(['a', 'b c', 'd'][first?.index ?? -1])

    const pids = ['tiny-chat', 'tiny-embedding', 'my-reranker'].flatMap((uid) =>
      app.platform.models.get(uid).workers.map((worker) => worker.pid ?? 0),
    )
    for (const uid of ['tiny-chat', 'tiny-embedding', 'my-reranker']) {
      expect((await app.inject({ method: 'DELETE', url: `/api/v1/models/${uid}` })).statusCode).toBe(200)
    }
    expect((await app.inject('/api/v1/models')).json()).toEqual({ object: 'list', data: [] })
    await waitFor(() => pids.every((pid) => !alive(pid)), 5000)
    const gone = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      payload: { model: 'tiny-chat', messages: [{ role: 'user', content: 'x' }] },
    })
    expect(gone.statusCode).toBe(400)
    expect(gone.json()).toEqual({ detail: 'Model not found in the model list, uid: tiny-chat' })
  })

  it(
    'ends a stream with the usage chunk when asked (stream_options.include_usage)',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      await launch(app, TINY_CHAT)
      const payload = {
        model: 'tiny-chat',
        messages: [{ role: 'user', content: 'Hello' }],
        temperature: 0,
        max_tokens: 12,
      }
      const whole = await app.inject({ method: 'POST', url: '/v1/chat/completions', payload })
      const response = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        payload: { ...payload, stream: true, stream_options: { include_usage: true } },
      })
      const events = response.body
        .split('\n\n')
        .filter(Boolean)
        .map((event) => event.replace(/^data: /, ''))
      expect(events.at(-1)).toBe('[DONE]')
      // As OpenAI sends it: after the finish chunk, one with no choices and the whole answer's usage.
      expect(JSON.parse(events.at(-2) ?? '')).toMatchObject({
        object: 'chat.completion.chunk',
        choices: [],
        usage: whole.json<{ usage: object }>().usage,
      })
    },
  )

  it(
    'logs every line with its time, and one line per request without its text',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      await launch(app, TINY_CHAT)
      const chat = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        payload: {
          model: 'tiny-chat',
          messages: [{ role: 'user', content: 'a secret prompt' }],
          max_tokens: 3,
        },
      })
      const usage = chat.json<{ usage: { prompt_tokens: number; completion_tokens: number } }>().usage
      const lines = (await app.inject('/v1/models/tiny-chat/logs')).json<{ lines: string[] }>().lines
      for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /)
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `Z request chat 200 · ${String(usage.prompt_tokens)} → ${String(usage.completion_tokens)} tokens · \\d+ ms · replica 0$`,
        ),
      )
      expect(lines.join('\n')).not.toContain('a secret prompt')
    },
  )

  it('streams chat as SSE chunks ending in [DONE]', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await launch(app, TINY_CHAT)
    const response = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      payload: {
        model: 'tiny-chat',
        messages: [{ role: 'user', content: 'Hello' }],
        temperature: 0,
        max_tokens: 12,
        stream: true,
      },
    })
    expect(response.headers['content-type']).toBe('text/event-stream')
    const events = response.body
      .split('\n\n')
      .filter(Boolean)
      .map((event) => event.replace(/^data: /, ''))
    expect(events.at(-1)).toBe('[DONE]')
    const chunks = events
      .slice(0, -1)
      .map(
        (event) =>
          JSON.parse(event) as { choices: { delta: { content?: string }; finish_reason: string | null }[] },
      )
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(
      'their good selfkr set it airm07 came',
    )
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length')
  })
})

describe('replicas', () => {
  it('starts one worker per replica and serves them round-robin', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await launch(app, { ...TINY_CHAT, replica: 2 })
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
      const app = await testApp()
      await launch(app, TINY_CHAT)
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
      const chat = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        payload: { model: 'tiny-chat', messages: [{ role: 'user', content: 'x' }] },
      })
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
      const app = await testApp()
      await launch(app, { ...TINY_CHAT, replica: 2 })
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
      const chat = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        payload: { model: 'tiny-chat', messages: [{ role: 'user', content: 'x' }], max_tokens: 2 },
      })
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

describe('launch refusals', () => {
  it('refuses what it cannot run with a clear 400', async () => {
    const app = await testApp()
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        {
          model_name: 'qwen2.5-instruct',
          model_type: 'LLM',
          model_engine: 'Transformers',
          model_format: 'pytorch',
          model_size_in_billions: 7,
          quantization: 'none',
        },
        /Xinference cluster/,
      ],
      [
        {
          model_name: 'qwen2.5-instruct',
          model_type: 'LLM',
          model_format: 'pytorch',
          model_size_in_billions: 7,
          quantization: 'none',
        },
        /pytorch format needs a Python engine/,
      ],
      [{ model_name: 'sd-turbo', model_type: 'image' }, /image models needs a Python engine/],
      [{ model_name: 'bge-m3', model_type: 'embedding' }, /bge-m3 needs a Python engine/],
      [{ model_name: 'no-such-model', model_type: 'LLM' }, /Model no-such-model not found/],
      [{ ...TINY_CHAT, worker_ip: '10.9.9.9' }, /No worker at 10\.9\.9\.9/],
      [{ ...TINY_CHAT, download_hub: 'csghub' }, /csghub/],
    ]
    for (const [body, message] of cases) {
      const response = await launch(app, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json<{ detail: string }>().detail).toMatch(message)
    }
    // One name rule for uids and names (at most 64 characters), and bounded replicas: refused by the schema.
    for (const body of [
      { ...TINY_CHAT, replica: 0 },
      { ...TINY_CHAT, replica: 1_000_000_000 },
      { ...TINY_CHAT, model_uid: '../etc' },
      { ...TINY_CHAT, model_uid: 'a'.repeat(65) },
    ]) {
      const invalid = await launch(app, body)
      expect(invalid.statusCode, JSON.stringify(body)).toBe(422)
      expect(Array.isArray(invalid.json<{ detail: unknown }>().detail)).toBe(true)
    }
  })

  it('refuses a uid that is already running', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await launch(app, TINY_CHAT)
    const again = await launch(app, TINY_CHAT)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: 'Model is already in the model list, uid: tiny-chat' })
  })
})

describe('downloads during launch', () => {
  const QWEN = {
    model_name: 'qwen2.5-instruct',
    model_type: 'LLM',
    model_engine: 'llama.cpp',
    model_format: 'ggufv2',
    model_size_in_billions: '0_5',
    quantization: 'q4_k_m',
  }

  it(
    'downloads a catalogue model from its hub into the cache, then serves it',
    { timeout: 30_000 },
    async () => {
      hub = await startLocalHub()
      const app = await testApp({ hfEndpoint: hub.url })
      const launched = await launch(app, QWEN)
      expect(launched.json()).toEqual({ model_uid: 'qwen2.5-instruct' })
      expect(hub.requests[0]?.path).toBe(
        '/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
      )
      const cached = (await app.inject('/api/v1/cache/models?model_name=qwen2.5-instruct')).json<{
        list: { model_version: string }[]
      }>()
      expect(cached.list.map((entry) => entry.model_version)).toEqual([
        'qwen2.5-instruct--0_5B--ggufv2--q4_k_m',
      ])
      const catalogue = (await app.inject('/api/v1/model_registrations/LLM?detailed=true')).json<
        {
          model_name: string
          model_specs: {
            model_format: string
            model_size_in_billions: string
            quantizations: string[]
            cache_status: boolean[]
          }[]
        }[]
      >()
      const spec = catalogue
        .find((f) => f.model_name === 'qwen2.5-instruct')
        ?.model_specs.find((s) => s.model_format === 'ggufv2' && s.model_size_in_billions === '0_5')
      expect(spec?.cache_status[spec.quantizations.indexOf('q4_k_m')]).toBe(true)
    },
  )

  it('uses ModelScope when asked', { timeout: 30_000 }, async () => {
    hub = await startLocalHub()
    const app = await testApp({ modelscopeEndpoint: hub.url })
    expect((await launch(app, { ...QWEN, download_hub: 'modelscope' })).statusCode).toBe(200)
    expect(hub.requests[0]?.path).toBe(
      '/api/v1/models/qwen/Qwen2.5-0.5B-Instruct-GGUF/repo?Revision=main&FilePath=qwen2.5-0.5b-instruct-q4_k_m.gguf',
    )
  })

  it('fails clearly, naming the address, when no hub answers', { timeout: 30_000 }, async () => {
    const app = await testApp({ hfEndpoint: 'http://127.0.0.1:9' })
    const response = await launch(app, QWEN)
    expect(response.statusCode).toBe(503)
    expect(response.json<{ detail: string }>().detail).toContain(
      'Could not download http://127.0.0.1:9/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    )
    const replicas = (await app.inject('/v1/models/qwen2.5-instruct/replicas')).json<
      { status: string; error_message: string }[]
    >()
    expect(replicas[0]?.status).toBe('ERROR')
    expect(replicas[0]?.error_message).toContain('Could not download')
  })

  it('reports download progress and cancels a launch in flight', { timeout: 30_000 }, async () => {
    hub = await startLocalHub({ bytesPerSecond: 60_000 })
    const app = await testApp({ hfEndpoint: hub.url })
    const pending = launch(app, { ...QWEN, model_uid: 'slow-qwen' })
    let progress:
      | {
          stage: string
          progress: number
          download_files: { downloaded_bytes: number; total_bytes: number }[]
        }
      | undefined
    await waitFor(async () => {
      progress = (await app.inject('/v1/models/slow-qwen/progress')).json()
      return (progress?.download_files[0]?.downloaded_bytes ?? 0) > 0
    })
    expect(progress?.stage).toBe('downloading')
    expect(progress?.download_files[0]?.total_bytes).toBeGreaterThan(
      progress?.download_files[0]?.downloaded_bytes ?? 0,
    )
    expect(progress?.progress).toBeGreaterThan(0)
    expect(progress?.progress).toBeLessThan(0.8)

    expect((await app.inject({ method: 'POST', url: '/v1/models/slow-qwen/cancel' })).statusCode).toBe(200)
    const response = await pending
    expect(response.statusCode).toBe(499)
    expect((await app.inject('/v1/models/slow-qwen/progress')).json()).toMatchObject({ stage: 'cancelled' })
    // Nothing half-written is taken for a cached model; the part stays for a later resume.
    const folder = join(app.platform.cache.root, 'qwen2.5-instruct--0_5B--ggufv2--q4_k_m')
    expect(app.platform.cache.isCached('qwen2.5-instruct--0_5B--ggufv2--q4_k_m')).toBe(false)
    expect(existsSync(folder) && readdirSync(folder).some((name) => name.endsWith('.part'))).toBe(true)
    // The uid is free again.
    expect((await app.inject({ method: 'POST', url: '/v1/models/slow-qwen/cancel' })).statusCode).toBe(400)
  })
})

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
      const admitted = Array.from({ length: 2 * (1 + QUEUED_PER_SLOT) }, () => model.acquire())
      // Two hold the places, the rest wait for them.
      await Promise.all(admitted.slice(0, 2).map((place) => place.turn))
      let refusal: unknown
      try {
        model.acquire()
      } catch (error) {
        refusal = error
      }
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
        load: { serving: 1, capacity: 1, queued: 3, max_queued: QUEUED_PER_SLOT },
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
