import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { postChat, tempDir, TINY_CHAT, userChat } from './helper.js'
import { launch, launchedApp } from './runtime-helper.js'

// A worker loads the engine binary an earlier worker of its server loaded, without node-llama-cpp's test of it in
// a child process (engine-binaries.ts; patches/node-llama-cpp+3.21.1.patch).

/** How many child processes node-llama-cpp's getLlama forks, with `env` added to this process's environment. */
function getLlamaForks(env: Record<string, string>): number {
  const dir = tempDir()
  // Counts forks as they happen: the engine imports `fork` from node:child_process, kept in step by
  // syncBuiltinESMExports. A preload, so it is in place before the engine is imported.
  const preload = join(dir, 'count-forks.cjs')
  writeFileSync(
    preload,
    `const cp = require('node:child_process')
const fork = cp.fork
globalThis.forks = 0
cp.fork = (...args) => { globalThis.forks++; return fork(...args) }
require('node:module').syncBuiltinESMExports()`,
  )
  // A script file, not `-e`: the engine forks its test with this process's arguments.
  const script = join(dir, 'get-llama.mjs')
  writeFileSync(
    script,
    `import { getLlama } from ${JSON.stringify(import.meta.resolve('node-llama-cpp'))}
const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1 })
await llama.dispose()
console.log('forks', globalThis.forks)`,
  )
  const output = execFileSync(process.execPath, ['--require', preload, script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  return Number(/forks (\d+)/.exec(output)?.[1] ?? NaN)
}

describe('the engine binary', () => {
  it('is tested in a child process unless its loader says it was loaded before', { timeout: 60_000 }, () => {
    expect(getLlamaForks({})).toBeGreaterThan(0)
    expect(getLlamaForks({ NODE_LLAMA_CPP_SKIP_BINARY_TEST: 'true' })).toBe(0)
  })

  it(
    'is tested by a server’s first worker only; the next loads it untested and serves the same',
    { timeout: 60_000 },
    async () => {
      const app = await launchedApp()
      const logOf = async (uid: string) =>
        (await app.inject(`/v1/models/${uid}/logs`)).json<{ lines: string[] }>().lines.join('\n')
      const first = await logOf('tiny-chat')
      expect(first).toContain('[replica 0] ready (engine: cpu)')
      expect(first).not.toContain('engine binary as loaded before')

      expect((await launch(app, { ...TINY_CHAT, model_uid: 'second' })).statusCode).toBe(200)
      const second = await logOf('second')
      expect(second).toContain('engine binary as loaded before')
      expect(second).toContain('[replica 0] ready (engine: cpu)')
      const answers = await Promise.all(
        ['tiny-chat', 'second'].map(async (model) =>
          (await postChat(app, userChat(model, 'Hello', { temperature: 0, max_tokens: 8 }))).json<{
            choices: { message: { content: string } }[]
          }>(),
        ),
      )
      expect(answers[1]?.choices[0]?.message.content).toBe(answers[0]?.choices[0]?.message.content)
    },
  )
})
