import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['packages/*', 'tools'],
    // One test file per core. Vitest's default keeps a core back for itself, which on two cores runs one file at a
    // time; the server's tests spend much of theirs waiting on worker processes and sockets.
    maxWorkers: availableParallelism(),
  },
})
