/**
 * Many users at once: N concurrent streamed chats on one replica (n_parallel 16), against raw node-llama-cpp
 * batching N sequences of one context on the same file, alternating in one sitting, on two models: the tiny chat
 * model (a token costs ~0.5 ms, so the platform's own cost per token shows) and a larger one from the same
 * generator (a token costs ~5 ms, like a small real model). Measures what users feel: aggregate tokens/s, the
 * platform's own cost per token, time to the first *content* token (p50, p95) and to the end of each answer (p50,
 * p95). Prints Markdown tables. `BENCH_MODELS=tiny` or `=larger` runs one of them.
 *
 *   npm run build && npm run bench:concurrency -w bench
 */
import { readFileSync } from 'node:fs'
import { setTimeout as wait } from 'node:timers/promises'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import {
  LARGER_SHAPE,
  post,
  registerLargerChat,
  startPlatform,
  streamChat,
  workerMemoryMiB,
  type TimedStream,
} from './platform.js'
import { getLlama, LlamaChat, type ChatHistoryItem } from 'node-llama-cpp'

const USERS = [1, 2, 4, 8, 16]
const ROUNDS = 3
const MAX_TOKENS = 128
const PORT = 18_000 + Math.floor(Math.random() * 1000)
const BASE = `http://127.0.0.1:${PORT}`
const prompt = (user: number) => `User ${user} asks: tell me about the model serving platform.`
const CHAT = { temperature: 0, max_tokens: MAX_TOKENS }
/** The multi-turn case: a conversation of TURNS turns, OTHERS other users' requests landing before each turn. */
const TURNS = 6
const OTHERS = 4
const TURN_TOKENS = 64
const turnText = (turn: number) => `Turn ${turn}: go on with the story of the serving platform, please.`
/** How far apart the engine's staggered starts are, as requests reach a worker one by one. */
const STAGGER_MS = 2
/** n_parallel values whose worker memory is measured. */
const PARALLEL = [1, 4, 16]

interface Round {
  seconds: number
  streams: Omit<TimedStream, 'text'>[]
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN

async function platformRound(model: string, users: number): Promise<Round> {
  const started = performance.now()
  const streams = await Promise.all(
    Array.from({ length: users }, (_, user) =>
      streamChat(BASE, { ...CHAT, model, messages: [{ role: 'user', content: prompt(user) }] }, started),
    ),
  )
  return { seconds: (performance.now() - started) / 1000, streams }
}

/**
 * N chats on N sequences of one context, batched by the engine: created once, as a worker keeps them. Started
 * together, or `staggerMs` apart as requests reach a worker over HTTP: a sequence still holding an earlier
 * conversation must erase it first, and node-llama-cpp erases only while the context is not decoding.
 */
async function rawRound(chats: LlamaChat[], users: number, staggerMs = 0): Promise<Round> {
  const started = performance.now()
  const streams = await Promise.all(
    chats.slice(0, users).map(async (chat, user) => {
      if (staggerMs) await wait(user * staggerMs)
      let firstToken = 0
      let tokens = 0
      await chat.generateResponse(
        [
          { type: 'user', text: prompt(user) },
          { type: 'model', response: [] },
        ],
        {
          maxTokens: MAX_TOKENS,
          temperature: 0,
          onTextChunk: (text) => {
            if (text && !firstToken) firstToken = performance.now() - started
          },
          onToken: (generated) => (tokens += generated.length),
        },
      )
      return { firstToken, end: performance.now() - started, tokens }
    }),
  )
  return { seconds: (performance.now() - started) / 1000, streams }
}

/**
 * First content token of each turn of one conversation through the platform, OTHERS other users' one-shot
 * requests served before every turn (so the conversation's sequence is not simply the last one used).
 */
async function platformConversation(model: string, run: number): Promise<number[]> {
  const messages: { role: string; content: string }[] = []
  const firstTokens: number[] = []
  for (let turn = 1; turn <= TURNS; turn++) {
    await Promise.all(
      Array.from({ length: OTHERS }, (_, other) =>
        streamChat(BASE, {
          ...CHAT,
          model,
          messages: [{ role: 'user', content: prompt(100 * run + other) }],
        }),
      ),
    )
    messages.push({ role: 'user', content: turnText(turn) })
    const answer = await streamChat(BASE, { ...CHAT, model, max_tokens: TURN_TOKENS, messages })
    firstTokens.push(answer.firstToken)
    messages.push({ role: 'assistant', content: answer.text })
  }
  return firstTokens
}

/** The same on the raw engine: the conversation on its own sequence, the others on theirs. */
async function rawConversation(chats: LlamaChat[], run: number): Promise<number[]> {
  const [conversation, ...others] = chats
  if (!conversation) throw new Error('no sequence')
  const history: ChatHistoryItem[] = []
  const firstTokens: number[] = []
  for (let turn = 1; turn <= TURNS; turn++) {
    await Promise.all(
      others.slice(0, OTHERS).map((chat, other) =>
        chat.generateResponse(
          [
            { type: 'user', text: prompt(100 * run + other) },
            { type: 'model', response: [] },
          ],
          { maxTokens: MAX_TOKENS, temperature: 0 },
        ),
      ),
    )
    history.push({ type: 'user', text: turnText(turn) }, { type: 'model', response: [] })
    const started = performance.now()
    let firstToken = 0
    const answer = await conversation.generateResponse(history, {
      maxTokens: TURN_TOKENS,
      temperature: 0,
      onTextChunk: (text) => {
        if (text && !firstToken) firstToken = performance.now() - started
      },
    })
    firstTokens.push(firstToken)
    history[history.length - 1] = { type: 'model', response: [answer.response] }
  }
  return firstTokens
}

/** Each worker's resident memory after a launch with each n_parallel, and after it has served a full batch. */
async function memoryRows(pid: number, model: string): Promise<string[]> {
  const rows: string[] = []
  for (const parallel of PARALLEL) {
    const uid = `memory-${parallel}`
    await launch({ model_name: model, model_type: 'LLM', model_uid: uid, n_parallel: parallel })
    const idle = workerMemoryMiB(pid)
    await Promise.all(
      Array.from({ length: parallel }, (_, user) =>
        streamChat(BASE, { ...CHAT, model: uid, messages: [{ role: 'user', content: prompt(user) }] }),
      ),
    )
    const busy = workerMemoryMiB(pid)
    rows.push(
      `| ${parallel} | ${idle.map((mib) => mib.toFixed(0)).join(', ')} | ${busy.map((mib) => mib.toFixed(0)).join(', ')} |`,
    )
    await fetch(`${BASE}/api/v1/models/${uid}`, { method: 'DELETE' })
  }
  return rows
}

const launch = (body: object) => post(BASE, '/api/v1/models', body)

function summary(rounds: Round[]) {
  const streams = rounds.flatMap((round) => round.streams)
  const rate = quantile(
    rounds.map((round) => round.streams.reduce((sum, stream) => sum + stream.tokens, 0) / round.seconds),
    0.5,
  )
  const ms = (values: number[]) =>
    `${quantile(values, 0.5).toFixed(0)} / ${quantile(values, 0.95).toFixed(0)} ms`
  return {
    rate,
    firstToken: ms(streams.map((stream) => stream.firstToken)),
    end: ms(streams.map((stream) => stream.end)),
  }
}

interface BenchModel {
  name: string
  /** Launches `name` with n_parallel 16 and answers its GGUF file, for the raw engine to load. */
  launch: (dataDir: string) => Promise<string>
  about: string
}

const MODELS: Record<string, BenchModel> = {
  tiny: {
    name: 'tiny-chat',
    about: 'the tiny chat model (2 layers of width 64)',
    launch: async () => {
      await launch({ model_name: 'tiny-chat', model_type: 'LLM', n_parallel: Math.max(...USERS) })
      const cache = (await (await fetch(`${BASE}/api/v1/cache/models?model_name=tiny-chat`)).json()) as {
        list: { real_path: string }[]
      }
      return join(cache.list[0]?.real_path ?? '', 'tiny-chat-f32.gguf')
    },
  },
  larger: {
    name: 'bench-chat',
    about: `the larger generated chat model (${LARGER_SHAPE.layers} layers of width ${LARGER_SHAPE.embd}, f32)`,
    launch: async (dataDir) => {
      const path = await registerLargerChat(BASE, dataDir, 'bench-chat')
      await launch({ model_name: 'bench-chat', model_type: 'LLM', n_parallel: Math.max(...USERS) })
      return path
    },
  },
}

/** Every table for one model, as Markdown lines. */
async function modelRun(bench: BenchModel, server: { pid: number; dataDir: string }): Promise<string[]> {
  const modelPath = await bench.launch(server.dataDir)
  const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1 })
  const model = await llama.loadModel({ modelPath })
  // The worker's shape: one thread, a context with as many sequences as its n_parallel.
  const context = await model.createContext({ contextSize: 2048, threads: 1, sequences: Math.max(...USERS) })
  const chats = Array.from(
    { length: Math.max(...USERS) },
    () => new LlamaChat({ contextSequence: context.getSequence() }),
  )

  const rows: string[] = []
  for (const users of USERS) {
    const platform: Round[] = []
    const raw: Round[] = []
    const staggered: Round[] = []
    // Alternating, so both see the same machine.
    for (let round = 0; round < ROUNDS; round++) {
      platform.push(await platformRound(bench.name, users))
      raw.push(await rawRound(chats, users))
      staggered.push(await rawRound(chats, users, STAGGER_MS))
    }
    const p = summary(platform)
    const r = summary(raw)
    const st = summary(staggered)
    // What the platform adds to each token: its time per token over the engine's, both at this many users.
    const costUs = (1 / p.rate - 1 / r.rate) * 1e6
    rows.push(
      `| ${users} | ${p.rate.toFixed(0)} | ${r.rate.toFixed(0)} | ${(p.rate / r.rate).toFixed(2)} | ${costUs.toFixed(0)} µs | ${p.firstToken} | ${r.firstToken} | ${st.firstToken} | ${p.end} | ${r.end} |`,
    )
  }
  const turns: { platform: number[][]; raw: number[][] } = { platform: [], raw: [] }
  for (let run = 0; run < ROUNDS; run++) {
    turns.platform.push(await platformConversation(bench.name, run))
    turns.raw.push(await rawConversation(chats, run))
  }
  await context.dispose()
  await model.dispose()
  const medianTurn = (runs: number[][], turn: number) =>
    quantile(
      runs.map((run) => run[turn] ?? NaN),
      0.5,
    )
  // The launched n_parallel-16 model goes first, so only one worker is measured at a time.
  await fetch(`${BASE}/api/v1/models/${bench.name}`, { method: 'DELETE' })
  const memory = await memoryRows(server.pid, bench.name)

  const lines = [`\n### ${bench.about}\n`]
  lines.push(
    `| users | platform tokens/s | engine tokens/s | platform ÷ engine | platform's cost per token | first content token p50 / p95, platform | engine | engine, starts ${STAGGER_MS} ms apart | answer end p50 / p95, platform | engine |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    `\nOne conversation of ${TURNS} turns (${TURN_TOKENS} tokens each), ${OTHERS} other users' requests before every turn; first content token, median of ${ROUNDS}:\n`,
    `| turn | ${Array.from({ length: TURNS }, (_, turn) => turn + 1).join(' | ')} | turn ${TURNS} ÷ turn 1 |`,
    `|---|${'---|'.repeat(TURNS + 1)}`,
  )
  for (const [name, runs] of [
    ['platform', turns.platform],
    ['engine', turns.raw],
  ] as const) {
    const medians = Array.from({ length: TURNS }, (_, turn) => medianTurn(runs, turn))
    lines.push(
      `| ${name} | ${medians.map((ms) => `${ms.toFixed(0)} ms`).join(' | ')} | ${((medians[TURNS - 1] ?? NaN) / (medians[0] ?? NaN)).toFixed(2)} |`,
    )
  }
  lines.push(
    '\nWorker resident memory (MiB) by n_parallel, launched and after a full batch:\n',
    '| n_parallel | launched | after serving n_parallel at once |',
    '|---|---|---|',
    ...memory,
  )
  return lines
}

async function main() {
  const chosen = (process.env['BENCH_MODELS'] ?? 'tiny,larger').split(',')
  const server = await startPlatform(PORT)
  try {
    const lines: string[] = []
    for (const key of chosen) {
      const bench = MODELS[key]
      if (!bench) throw new Error(`BENCH_MODELS: no model ${key} (tiny, larger)`)
      lines.push(...(await modelRun(bench, server)))
    }
    const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU'
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpu}) · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.version} · ${ROUNDS} rounds per row, ${MAX_TOKENS} tokens per answer`,
    )
    for (const line of lines) console.log(line)
  } finally {
    server.stop()
  }
}

await main()
