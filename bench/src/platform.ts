import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as wait } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

/** The built server; BENCH_SERVER_MAIN names another build (an earlier commit's) to measure it the same way. */
const MAIN =
  process.env['BENCH_SERVER_MAIN'] ??
  fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url))

/** The built platform on loopback with a fresh data dir, once it answers; `stop` ends it and removes the dir. */
export async function startPlatform(
  port: number,
): Promise<{ base: string; pid: number; dataDir: string; stop: () => void }> {
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-bench-'))
  const server = spawn(
    process.execPath,
    [MAIN, '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'],
    { stdio: 'inherit' },
  )
  const stop = () => {
    server.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${base}/api/v1/cluster/auth`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, pid: server.pid ?? 0, dataDir, stop }
    await wait(100)
  }
  stop()
  throw new Error('server did not start')
}

/** A JSON POST to the platform at `base` that must succeed; a refusal throws with its status and body. */
export async function post(base: string, path: string, body: unknown): Promise<Response> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response
}

/** One streamed answer, timed from `started` (ms, performance.now()). */
export interface TimedStream {
  /** To the first chunk with content: what the user sees first (the role chunk comes before any queueing). */
  firstToken: number
  end: number
  /** Tokens generated, as the answer's usage counts them (a chunk may carry several). */
  tokens: number
  text: string
}

/** Streams one chat completion through the platform at `base`, timing what the user feels. */
export async function streamChat(
  base: string,
  body: object,
  started = performance.now(),
): Promise<TimedStream> {
  const response = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true, stream_options: { include_usage: true } }),
  })
  if (!response.ok || !response.body) throw new Error(`chat: ${response.status} ${await response.text()}`)
  const decoder = new TextDecoder()
  let firstToken = 0
  let tokens = 0
  let text = ''
  let buffered = ''
  for await (const bytes of response.body) {
    buffered += decoder.decode(bytes, { stream: true })
    const events = buffered.split('\n\n')
    buffered = events.pop() ?? ''
    for (const event of events) {
      const data = event.replace(/^data: /, '')
      if (data === '[DONE]') continue
      const chunk = JSON.parse(data) as {
        choices: { delta: { content?: string } }[]
        usage?: { completion_tokens: number }
      }
      if (chunk.usage) tokens = chunk.usage.completion_tokens
      const content = chunk.choices[0]?.delta.content
      if (!content) continue
      text += content
      if (!firstToken) firstToken = performance.now() - started
    }
  }
  return { firstToken, end: performance.now() - started, tokens, text }
}

/** Resident memory of the platform's worker processes (children of `pid`), in MiB, from /proc. */
export function workerMemoryMiB(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  return children.map((child) => {
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child}/status`, 'utf8'))?.[1]
    return Number(rss ?? NaN) / 1024
  })
}

/** The build's model generator (`packages/server`), loaded at run time as the servers under test load it. */
const TINY_MODELS = new URL('../../packages/server/dist/platform/gguf/tiny-models.js', import.meta.url)

/** The bench's larger chat model: the tiny model's generator, 8 layers of width 512 (~94 MiB, f32). */
export const LARGER_SHAPE = { embd: 512, heads: 8, headsKv: 2, ff: 1536, layers: 8 }

/**
 * Writes the larger generated chat model into the platform's first model folder (`<data dir>/models`) and registers
 * it as the custom model `name` (ChatML, like the tiny model), the way an operator adds their own GGUF file.
 * Returns the file's path, for the raw engine to load the same bytes.
 */
export async function registerLargerChat(base: string, dataDir: string, name: string): Promise<string> {
  const { tinyModel } = (await import(TINY_MODELS.href)) as {
    tinyModel: (kind: 'chat', shape: typeof LARGER_SHAPE) => Buffer
  }
  const folder = join(dataDir, 'models')
  mkdirSync(folder, { recursive: true })
  const path = join(folder, `${name}.gguf`)
  writeFileSync(path, tinyModel('chat', LARGER_SHAPE))
  const model = {
    version: 2,
    model_name: name,
    context_length: 2048,
    model_lang: ['en'],
    model_ability: ['generate', 'chat'],
    model_family: 'qwen2.5-instruct',
    model_specs: [
      { model_uri: path, model_size_in_billions: 1, model_format: 'ggufv2', quantization: 'none' },
    ],
  }
  await post(base, '/v1/model_registrations/LLM', { model: JSON.stringify(model), persist: true })
  return path
}
