import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { APIRequestContext } from '@playwright/test'

const TINY_MODELS = fileURLToPath(
  new URL('../../packages/server/dist/platform/gguf/tiny-models.js', import.meta.url),
)

/** The bytes of one of the platform's generated GGUF models, as the build makes them (the servers under test do). */
export function tinyModelBytes(kind: 'chat' | 'embedding' | 'rerank' = 'chat'): Buffer {
  return execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `import { tinyModel } from ${JSON.stringify(TINY_MODELS)}; process.stdout.write(tinyModel(${JSON.stringify(kind)}))`,
  ])
}

/**
 * Writes one of the platform's generated GGUF models (`chat`, `embedding` or `rerank`) to `dir/file`, for custom
 * registrations: the server accepts only real GGUF files inside its model folders. Uses the build, as the
 * servers under test do.
 */
export function writeTinyModel(
  dir: string,
  file: string,
  kind: 'chat' | 'embedding' | 'rerank' = 'chat',
): string {
  const bytes = tinyModelBytes(kind)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, file)
  writeFileSync(path, bytes)
  return path
}

/**
 * Kills one model worker of the platform whose data dir is `dataDir` (the worker's model file lies under it) with
 * SIGKILL, as a crash or the kernel's OOM killer would: no API can make a worker die. Returns its pid.
 */
export function killOneWorker(dataDir: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let environ: string
    try {
      environ = readFileSync(`/proc/${entry}/environ`, 'utf8')
    } catch {
      continue // gone, or not ours to read
    }
    const options = environ.split('\0').find((variable) => variable.startsWith('SERVING_CONSOLE_WORKER='))
    if (!options) continue
    const { modelPath } = JSON.parse(options.slice('SERVING_CONSOLE_WORKER='.length)) as { modelPath: string }
    if (!modelPath.startsWith(dataDir)) continue
    process.kill(Number(entry), 'SIGKILL')
    return Number(entry)
  }
  throw new Error(`no model worker of the platform in ${dataDir}`)
}

/** Terminates every running model and forgets every launch (failed ones too): a test starts from nothing. */
export async function forgetAllModels(request: APIRequestContext, api: (path: string) => string) {
  const running = (await (await request.get(api('/api/v1/models'))).json()) as { data: { id: string }[] }
  const launches = (await (await request.get(api('/api/v1/models/launches'))).json()) as {
    model_uid: string
  }[]
  for (const uid of [
    ...running.data.map((model) => model.id),
    ...launches.map((launch) => launch.model_uid),
  ]) {
    await request.delete(api(`/api/v1/models/${uid}`))
  }
}

/**
 * A launch that fails at once (a hub model on a platform whose hubs point at a closed port): the server answers
 * 503 and lists it as failed until dismissed (`DELETE /api/v1/models/{uid}`). `url` is the server's launch route.
 */
export async function launchThatFails(
  request: APIRequestContext,
  url: string,
  uid?: string,
): Promise<number> {
  const answer = await request.post(url, {
    data: {
      model_name: 'qwen2.5-instruct',
      model_type: 'LLM',
      model_engine: 'llama.cpp',
      model_format: 'ggufv2',
      model_size_in_billions: '1_5',
      quantization: 'q4_k_m',
      download_hub: 'modelscope',
      ...(uid ? { model_uid: uid } : {}),
    },
  })
  return answer.status()
}
