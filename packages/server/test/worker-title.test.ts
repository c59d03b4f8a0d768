import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tinyModel } from '../src/platform/gguf/tiny-models.js'
import { ModelLog } from '../src/platform/runtime/model-log.js'
import { WorkerProcess, workerTitle } from '../src/platform/runtime/worker-process.js'
import { tempDir } from './helper.js'

/** What `ps` shows as a process's command line. */
const psArgs = (pid: number) =>
  execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim()

describe('worker process title', () => {
  it('names the model and replica in safe characters, bounded', () => {
    expect(workerTitle('qwen2.5-instruct', 2)).toBe('serving-console-worker qwen2.5-instruct replica 2')
    expect(workerTitle('a b;$(rm -rf)\n\u202e', 1)).toBe('serving-console-worker a_b___rm_-rf___ replica 1')
    expect(workerTitle('x'.repeat(500), 1)).toBe(`serving-console-worker ${'x'.repeat(64)} replica 1`)
    expect(workerTitle('', 1)).toBe('serving-console-worker ? replica 1')
  })

  it('is what ps shows for a running worker', { timeout: 30_000 }, async () => {
    const modelPath = join(tempDir(), 'tiny-chat.gguf')
    writeFileSync(modelPath, tinyModel('chat'))
    const worker = new WorkerProcess(
      3,
      { modelPath, kind: 'chat', threads: 1, contextSize: 256, parallel: 1, gpu: false, binaryLoaded: false },
      new ModelLog(),
      'title-check',
    )
    try {
      await worker.ready
      expect(psArgs(worker.pid ?? 0)).toBe('serving-console-worker title-check replica 3')
    } finally {
      await worker.stop()
    }
  })
})
