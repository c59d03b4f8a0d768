/**
 * Runtime benchmark: the platform's chat streaming against a raw node-llama-cpp loop on the same model file in
 * the same run, and launch-to-ready time. Uses the real server (built `packages/server/dist/main.js`) on loopback
 * with a fresh data dir and the generated tiny chat model, so it needs no hub. Prints a Markdown table.
 *
 *   npm run bench            (after `npm run build`)
 */
import { readFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { post as postTo, startPlatform, streamChat } from './platform.js'
import { getLlama, LlamaChat } from 'node-llama-cpp'

const RUNS = 5
const MAX_TOKENS = 256
const PORT = 19_000 + Math.floor(Math.random() * 1000)
const BASE = `http://127.0.0.1:${PORT}`
const MESSAGES = [{ role: 'user', content: 'Tell me about the model serving platform.' }]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

const post = (path: string, body: unknown) => postTo(BASE, path, body)

async function main() {
  const platform = await startPlatform(PORT)
  try {
    // Launch to ready: the first launch also writes the model file into the cache; later ones find it there.
    const launches: number[] = []
    for (let i = 0; i < RUNS + 1; i++) {
      const started = performance.now()
      await post('/api/v1/models', { model_name: 'tiny-chat', model_type: 'LLM' })
      launches.push((performance.now() - started) / 1000)
      if (i < RUNS) await fetch(`${BASE}/api/v1/models/tiny-chat`, { method: 'DELETE' })
    }

    // Greedy decoding: the whole answer and the streamed one generate the same tokens.
    const whole = (await (
      await post('/v1/chat/completions', {
        model: 'tiny-chat',
        messages: MESSAGES,
        temperature: 0,
        max_tokens: MAX_TOKENS,
      })
    ).json()) as { usage: { completion_tokens: number } }
    const tokens = whole.usage.completion_tokens
    const served = []
    for (let i = 0; i < RUNS; i++)
      served.push(
        await streamChat(BASE, {
          model: 'tiny-chat',
          messages: MESSAGES,
          temperature: 0,
          max_tokens: MAX_TOKENS,
        }),
      )

    const cache = (await (await fetch(`${BASE}/api/v1/cache/models?model_name=tiny-chat`)).json()) as {
      list: { real_path: string }[]
    }
    const modelPath = join(cache.list[0]?.real_path ?? '', 'tiny-chat-f32.gguf')
    const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1 })
    const model = await llama.loadModel({ modelPath })
    const context = await model.createContext({ contextSize: 2048, threads: 1 })
    // One chat on one sequence, as a worker keeps it.
    const chat = new LlamaChat({ contextSequence: context.getSequence() })
    const raw: number[] = []
    for (let i = 0; i < RUNS; i++) {
      let generated = 0
      const started = performance.now()
      await chat.generateResponse(
        [
          { type: 'user', text: MESSAGES[0]?.content ?? '' },
          { type: 'model', response: [] },
        ],
        {
          maxTokens: MAX_TOKENS,
          temperature: 0,
          onToken: (t) => (generated += t.length),
        },
      )
      raw.push(generated / ((performance.now() - started) / 1000))
    }

    const servedRate = median(served.map((run) => tokens / (run.end / 1000)))
    const rawRate = median(raw)
    const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU'
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpu}) · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.version} · median of ${RUNS}\n`,
    )
    console.log('| measure | value |')
    console.log('|---|---|')
    console.log(`| raw node-llama-cpp loop, 1 thread | ${rawRate.toFixed(0)} tokens/s |`)
    console.log(`| streamed through the platform (SSE, worker process) | ${servedRate.toFixed(0)} tokens/s |`)
    console.log(`| platform / raw | ${(servedRate / rawRate).toFixed(2)} |`)
    console.log(
      `| time to first content token through the platform | ${median(served.map((run) => run.firstToken)).toFixed(0)} ms |`,
    )
    console.log(`| launch to ready, model generated into the cache | ${(launches[0] ?? NaN).toFixed(2)} s |`)
    console.log(`| launch to ready, model already cached | ${median(launches.slice(1)).toFixed(2)} s |`)
    console.log(`| tokens per answer | ${tokens} |`)
  } finally {
    platform.stop()
  }
}

await main()
