/**
 * Many users at once: N concurrent streamed chats on one replica of the tiny chat model (n_parallel 16), against
 * raw node-llama-cpp batching N sequences of one context on the same file, alternating in one sitting. Measures
 * what users feel: aggregate tokens/s, and time to the first *content* token (p50, p95) and to the end of each
 * answer (p50, p95). Prints a Markdown table.
 *
 *   npm run build && npm run bench:concurrency -w bench
 */
import { readFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { startPlatform } from './platform.js'
import { getLlama, LlamaChat } from 'node-llama-cpp'

const USERS = [1, 2, 4, 8, 16]
const ROUNDS = 3
const MAX_TOKENS = 128
const PORT = 18_000 + Math.floor(Math.random() * 1000)
const BASE = `http://127.0.0.1:${PORT}`
const prompt = (user: number) => `User ${user} asks: tell me about the model serving platform.`

interface Stream {
  firstToken: number
  end: number
  tokens: number
}
interface Round {
  seconds: number
  streams: Stream[]
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN

/** One streamed chat through the server, timed from the request to its first content token and its end. */
async function platformStream(user: number, started: number): Promise<Stream> {
  const response = await fetch(`${BASE}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'tiny-chat',
      messages: [{ role: 'user', content: prompt(user) }],
      temperature: 0,
      max_tokens: MAX_TOKENS,
      stream: true,
    }),
  })
  if (!response.ok || !response.body) throw new Error(`chat: ${response.status} ${await response.text()}`)
  const decoder = new TextDecoder()
  let firstToken = 0
  let tokens = 0
  let buffered = ''
  for await (const bytes of response.body) {
    buffered += decoder.decode(bytes, { stream: true })
    const events = buffered.split('\n\n')
    buffered = events.pop() ?? ''
    for (const event of events) {
      const data = event.replace(/^data: /, '')
      if (data === '[DONE]') continue
      const content = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta
        .content
      if (!content) continue
      tokens += 1
      if (!firstToken) firstToken = performance.now() - started
    }
  }
  return { firstToken, end: performance.now() - started, tokens }
}

async function platformRound(users: number): Promise<Round> {
  const started = performance.now()
  const streams = await Promise.all(Array.from({ length: users }, (_, user) => platformStream(user, started)))
  return { seconds: (performance.now() - started) / 1000, streams }
}

/** N chats on N sequences of one context, batched by the engine: created once, as a worker keeps them. */
async function rawRound(chats: LlamaChat[], users: number): Promise<Round> {
  const started = performance.now()
  const streams = await Promise.all(
    chats.slice(0, users).map(async (chat, user) => {
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

async function main() {
  const platform = await startPlatform(PORT)
  try {
    const launched = await fetch(`${BASE}/api/v1/models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'tiny-chat', model_type: 'LLM', n_parallel: Math.max(...USERS) }),
    })
    if (!launched.ok) throw new Error(`launch: ${launched.status} ${await launched.text()}`)
    const cache = (await (await fetch(`${BASE}/api/v1/cache/models?model_name=tiny-chat`)).json()) as {
      list: { real_path: string }[]
    }
    const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1 })
    const model = await llama.loadModel({
      modelPath: join(cache.list[0]?.real_path ?? '', 'tiny-chat-f32.gguf'),
    })
    // The worker's shape: one thread, a context with as many sequences as its n_parallel.
    const context = await model.createContext({
      contextSize: 2048,
      threads: 1,
      sequences: Math.max(...USERS),
    })
    const chats = Array.from(
      { length: Math.max(...USERS) },
      () => new LlamaChat({ contextSequence: context.getSequence() }),
    )

    const rows: string[] = []
    for (const users of USERS) {
      const platform: Round[] = []
      const raw: Round[] = []
      // Alternating, so both see the same machine.
      for (let round = 0; round < ROUNDS; round++) {
        platform.push(await platformRound(users))
        raw.push(await rawRound(chats, users))
      }
      const p = summary(platform)
      const r = summary(raw)
      rows.push(
        `| ${users} | ${p.rate.toFixed(0)} | ${r.rate.toFixed(0)} | ${(p.rate / r.rate).toFixed(2)} | ${p.firstToken} | ${r.firstToken} | ${p.end} | ${r.end} |`,
      )
    }
    const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU'
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpu}) · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.version} · ${ROUNDS} rounds per row, ${MAX_TOKENS} tokens per answer\n`,
    )
    console.log(
      '| users | platform tokens/s | engine tokens/s | platform ÷ engine | first content token p50 / p95, platform | engine | answer end p50 / p95, platform | engine |',
    )
    console.log('|---|---|---|---|---|---|---|---|')
    for (const row of rows) console.log(row)
  } finally {
    platform.stop()
  }
}

await main()
