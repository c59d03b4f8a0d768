import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const TINY_MODELS = fileURLToPath(new URL('../../packages/server/dist/gguf/tiny-models.js', import.meta.url))

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
  const bytes = execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `import { tinyModel } from ${JSON.stringify(TINY_MODELS)}; process.stdout.write(tinyModel(${JSON.stringify(kind)}))`,
  ])
  mkdirSync(dir, { recursive: true })
  const path = join(dir, file)
  writeFileSync(path, bytes)
  return path
}
