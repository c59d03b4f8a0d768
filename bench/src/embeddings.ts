/**
 * Embeddings and rerank benchmark: requests per second through the platform (`/v1/embeddings`, `/v1/rerank`,
 * `n_parallel` 16, one replica) at 1, 2, 4, 8 and 16 concurrent requests, against node-llama-cpp directly on the
 * same model files in the same run: one context answering every request in turn (the engine's own way, and the
 * platform's before each place had a context) and one context per concurrent request (the platform's way now).
 * Uses the real server (built `packages/server/dist/main.js`) and the generated tiny models. Prints Markdown.
 *
 *   npm run bench:embeddings   (after `npm run build`)
 */
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { getLlama, type LlamaModel } from 'node-llama-cpp'
import { post as postTo, startPlatform } from './platform.js'

const USERS = [1, 2, 4, 8, 16]
/** Requests each user sends, one after another, per measurement. */
const ROUNDS = 8
const PORT = 19_000 + Math.floor(Math.random() * 1000)
const BASE = `http://127.0.0.1:${PORT}`
const INPUTS = Array.from({ length: 8 }, (_, i) =>
  `Passage ${i}: the model serving platform batches requests. `.repeat(4),
)
const QUERY = 'Which passage speaks of batching?'

const post = async (path: string, body: unknown): Promise<unknown> => (await postTo(BASE, path, body)).json()

/** Requests per second with `users` clients each sending ROUNDS requests in turn. */
async function rate(users: number, one: (user: number) => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      for (let round = 0; round < ROUNDS; round++) await one(user)
    }),
  )
  return (users * ROUNDS) / ((performance.now() - started) / 1000)
}

type Ask = (context: number) => Promise<unknown>

/** The engine's answers: `shared` has one context for every user; `own`, one context per user. */
async function engine(model: LlamaModel, make: (model: LlamaModel) => Promise<Ask>) {
  const contexts: Ask[] = []
  for (let i = 0; i < Math.max(...USERS); i++) contexts.push(await make(model))
  return {
    shared: (users: number) => rate(users, () => (contexts[0] as Ask)(0)),
    own: (users: number) => rate(users, (user) => (contexts[user] as Ask)(user)),
  }
}

async function modelPath(name: string, file: string) {
  const cache = (await (await fetch(`${BASE}/api/v1/cache/models?model_name=${name}`)).json()) as {
    list: { real_path: string }[]
  }
  return join(cache.list[0]?.real_path ?? '', file)
}

/**
 * A short request's time (ms, median of 5) while a long one (400 inputs) is evaluated on the replica `uid`:
 * what a place of its own spares a short request stuck behind a long one.
 */
async function behindALongOne(uid: string): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const long = post('/v1/embeddings', {
      model: uid,
      input: Array.from({ length: 400 }, (_, j) => INPUTS[j % 8]),
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const started = performance.now()
    await post('/v1/embeddings', { model: uid, input: 'water' })
    times.push(performance.now() - started)
    await long
  }
  return [...times].sort((a, b) => a - b)[2] ?? NaN
}

async function main() {
  const platform = await startPlatform(PORT)
  const rows: string[] = []
  const behind: string[] = []
  try {
    await post('/api/v1/models', {
      model_name: 'tiny-embedding',
      model_type: 'embedding',
      model_uid: 'one-place',
      n_parallel: 1,
    })
    behind.push(
      `| a short embedding request behind a long one, n_parallel 1 | ${(await behindALongOne('one-place')).toFixed(1)} ms |`,
    )
    await fetch(`${BASE}/api/v1/models/one-place`, { method: 'DELETE' })
    await post('/api/v1/models', { model_name: 'tiny-embedding', model_type: 'embedding', n_parallel: 16 })
    await post('/api/v1/models', { model_name: 'tiny-rerank', model_type: 'rerank', n_parallel: 16 })
    behind.push(`| the same, n_parallel 16 | ${(await behindALongOne('tiny-embedding')).toFixed(1)} ms |`)
    const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1 })
    const embedModel = await llama.loadModel({
      modelPath: await modelPath('tiny-embedding', 'tiny-embedding-f32.gguf'),
    })
    const rerankModel = await llama.loadModel({
      modelPath: await modelPath('tiny-rerank', 'tiny-rerank-f32.gguf'),
    })
    const embed = await engine(embedModel, async (model) => {
      const context = await model.createEmbeddingContext({ contextSize: 512, threads: 1 })
      return async () => {
        for (const input of INPUTS) await context.getEmbeddingFor(input)
      }
    })
    const rerank = await engine(rerankModel, async (model) => {
      const context = await model.createRankingContext({ contextSize: 512, threads: 1 })
      return () => context.rankAll(QUERY, INPUTS)
    })
    const platformEmbed = () => post('/v1/embeddings', { model: 'tiny-embedding', input: INPUTS })
    const platformRerank = () => post('/v1/rerank', { model: 'tiny-rerank', query: QUERY, documents: INPUTS })
    for (const [name, raw, served] of [
      ['embeddings', embed, platformEmbed],
      ['rerank', rerank, platformRerank],
    ] as const) {
      await served() // warm
      for (const users of USERS) {
        const shared = await raw.shared(users)
        const own = await raw.own(users)
        const through = await rate(users, served)
        rows.push(
          `| ${name} | ${users} | ${shared.toFixed(0)} | ${own.toFixed(0)} | ${through.toFixed(0)} | ${(through / own).toFixed(2)} |`,
        )
      }
    }
  } finally {
    platform.stop()
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  console.log(
    `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpu}) · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.version} · ${INPUTS.length} inputs a request, ${ROUNDS} requests a user, 1 thread a context\n`,
  )
  console.log(
    '| kind | concurrent requests | engine, one context (req/s) | engine, a context each (req/s) | platform (req/s) | platform ÷ engine (a context each) |',
  )
  console.log('|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
  console.log('\n| measure | value |\n|---|---|')
  for (const row of behind) console.log(row)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
