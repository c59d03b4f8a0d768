import { describe, expect, it } from 'vitest'
import { Benchmarks, type BenchmarkTarget } from '../src/platform/benchmark/benchmarks.js'
import { openDatabase } from '../src/platform/db/database.js'
import { tempDir, waitFor } from './helper.js'

// The reports a server keeps (docs/benchmarks.md): a bound, so that a script starting runs cannot fill the disk.

/** A model that answers nothing: its requests go to a closed port, so each run ends at once, all errors. */
const target: BenchmarkTarget = {
  model: async () => ({ model_name: 'm', model_type: 'LLM' }),
  machine: async () => ({ cpus: 1, cpu_model: '', memory_bytes: 0, gpu_count: 0, vram_bytes: 0 }),
}

describe('benchmark reports', () => {
  it('keeps the newest, forgetting the oldest finished ones as runs start', async () => {
    const benchmarks = new Benchmarks(openDatabase(tempDir()), target, 2)
    for (const uid of ['first', 'second', 'third']) {
      const report = await benchmarks.start(
        { model_uid: uid, preset: 'short_chat', concurrency: [1], requests_per_level: 1 },
        'http://127.0.0.1:9',
        {},
        null,
      )
      await waitFor(() => benchmarks.get(report.id).state !== 'running')
    }
    expect(benchmarks.list().map((report) => report.settings.model_uid)).toEqual(['third', 'second'])
    expect(benchmarks.list()[0]?.levels[0]).toMatchObject({ requests: 1, errors: 1 })
  })
})
