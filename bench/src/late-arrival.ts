/**
 * A late arrival: one replica of the tiny chat model (n_parallel 4), every place used once by a short chat, then
 * three users ask for long answers and a fourth sends a short question 150 ms later. Its first content token,
 * against a single request's on an idle replica, for long answers of two lengths (the late one's wait must not
 * depend on them); the batch step as the long answers stream it; launch to ready and a worker's resident memory
 * by n_parallel and n_ctx. Prints Markdown tables.
 *
 *   npm run build && npm run bench:late-arrival -w bench
 */
import { readFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { setTimeout as wait } from 'node:timers/promises'
import { post as postTo, startPlatform, streamChat, workerMemoryMiB, type TimedStream } from './platform.js'

const ROUNDS = 5
const PARALLEL = 4
const LONG_TOKENS = [512, 2048]
const LATE_AFTER_MS = 150
const SHORT_TOKENS = 8
const PORT = 17_000 + Math.floor(Math.random() * 1000)
const BASE = `http://127.0.0.1:${PORT}`
const MODEL = 'tiny-chat'
/** Launches of one shape, each terminated before the next: the first writes the model file into the cache. */
const LAUNCHES = 5
/** Each n_parallel's worker memory, with the default context and with a small n_ctx. */
const MEMORY_PARALLEL = [1, 4, 8]
const MEMORY_CONTEXT = [null, 512] as const

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
const chat = (content: string, maxTokens: number, started?: number) =>
  streamChat(
    BASE,
    { model: MODEL, temperature: 0, max_tokens: maxTokens, messages: [{ role: 'user', content }] },
    started,
  )

const post = (path: string, body: unknown) => postTo(BASE, path, body)
const launch = (options: Record<string, unknown>) =>
  post('/api/v1/models', { model_name: MODEL, model_type: 'LLM', ...options })
const terminate = (uid: string) => fetch(`${BASE}/api/v1/models/${uid}`, { method: 'DELETE' })

/** Every place of the replica used once, in turn: each new conversation takes the place free the longest. */
async function useEveryPlace(round: number) {
  for (let user = 0; user < PARALLEL; user++)
    await chat(`Round ${round}: hello from user ${user}`, SHORT_TOKENS)
}

interface LateRound {
  idle: TimedStream
  late: TimedStream
  longs: TimedStream[]
}

/** One round: the idle replica's first token, then three long answers and the late question beside them. */
async function lateRound(round: number, longTokens: number): Promise<LateRound> {
  await useEveryPlace(round)
  const idle = await chat(`Round ${round}: a short question on an idle replica`, SHORT_TOKENS)
  await useEveryPlace(round + 100)
  const started = performance.now()
  const longs = Array.from({ length: PARALLEL - 1 }, (_, user) =>
    chat(`Round ${round}: tell me a long story, user ${user}`, longTokens, started),
  )
  await wait(LATE_AFTER_MS)
  const late = await chat(`Round ${round}: a short question, late`, SHORT_TOKENS)
  return { idle, late, longs: await Promise.all(longs) }
}

/** Milliseconds per batch step while the long answers stream together: their tokens over their time. */
const stepMs = (longs: TimedStream[]) =>
  median(longs.map((stream) => (stream.end - stream.firstToken) / Math.max(1, stream.tokens - 1)))

async function lateRows(): Promise<string[]> {
  await launch({ n_parallel: PARALLEL })
  const rows: string[] = []
  for (const longTokens of LONG_TOKENS) {
    const rounds: LateRound[] = []
    for (let round = 0; round < ROUNDS; round++) rounds.push(await lateRound(round, longTokens))
    const idle = median(rounds.map((r) => r.idle.firstToken))
    const late = median(rounds.map((r) => r.late.firstToken))
    const step = median(rounds.map((r) => stepMs(r.longs)))
    const longEnd = median(rounds.flatMap((r) => r.longs.map((stream) => stream.end - LATE_AFTER_MS)))
    const budget = idle + 2 * step + 20
    rows.push(
      `| ${longTokens} | ${idle.toFixed(1)} ms | ${late.toFixed(1)} ms (${rounds.map((r) => r.late.firstToken.toFixed(0)).join(', ')}) | ${step.toFixed(2)} ms | ${budget.toFixed(1)} ms | ${late <= budget ? 'met' : 'not met'} | ${(longEnd / 1000).toFixed(2)} s |`,
    )
  }
  await terminate(MODEL)
  return rows
}

/** Launch to ready (s, median of LAUNCHES, the first, which writes the file, left out) by n_parallel. */
async function launchRows(): Promise<string[]> {
  const rows: string[] = []
  for (const parallel of [1, PARALLEL]) {
    const seconds: number[] = []
    for (let i = 0; i <= LAUNCHES; i++) {
      const started = performance.now()
      await launch({ n_parallel: parallel })
      seconds.push((performance.now() - started) / 1000)
      await terminate(MODEL)
    }
    rows.push(
      `| ${parallel} | ${median(seconds.slice(1)).toFixed(2)} s | ${seconds.map((s) => s.toFixed(2)).join(', ')} |`,
    )
  }
  return rows
}

/** A worker's resident memory (MiB) once launched and after serving n_parallel requests at once. */
async function memoryRows(pid: number): Promise<string[]> {
  const rows: string[] = []
  for (const context of MEMORY_CONTEXT) {
    for (const parallel of MEMORY_PARALLEL) {
      await launch({ n_parallel: parallel, ...(context ? { n_ctx: context } : {}) })
      const launched = workerMemoryMiB(pid)
      await Promise.all(Array.from({ length: parallel }, (_, user) => chat(`Memory: user ${user}`, 128)))
      const served = workerMemoryMiB(pid)
      rows.push(
        `| ${parallel} | ${context ?? '2048 (default)'} | ${launched.map((m) => m.toFixed(0)).join(', ')} | ${served.map((m) => m.toFixed(0)).join(', ')} |`,
      )
      await terminate(MODEL)
    }
  }
  return rows
}

async function main() {
  const server = await startPlatform(PORT)
  try {
    const launches = await launchRows()
    const late = await lateRows()
    const memory = await memoryRows(server.pid)
    const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU'
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpu}) · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.version} · median of ${ROUNDS} rounds\n`,
    )
    console.log(
      `Late arrival: ${PARALLEL - 1} long answers, a short question ${LATE_AFTER_MS} ms later on the one place left (used before); first content token from its request:\n`,
    )
    console.log(
      '| long answers (tokens) | idle replica, first token | late arrival, first token (each round) | batch step | budget: idle + 2 steps + 20 ms | target | long answers end after the late start |',
    )
    console.log('|---|---|---|---|---|---|---|')
    for (const row of late) console.log(row)
    console.log('\nLaunch to ready, model cached:\n')
    console.log('| n_parallel | median | each launch (the first writes the file) |')
    console.log('|---|---|---|')
    for (const row of launches) console.log(row)
    console.log('\nWorker resident memory (MiB):\n')
    console.log('| n_parallel | n_ctx | launched | after serving n_parallel at once |')
    console.log('|---|---|---|---|')
    for (const row of memory) console.log(row)
  } finally {
    server.stop()
  }
}

await main()
