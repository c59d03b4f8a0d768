import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as wait } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url))

/** The built platform on loopback with a fresh data dir, once it answers; `stop` ends it and removes the dir. */
export async function startPlatform(port: number): Promise<{ base: string; stop: () => void }> {
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
      return { base, stop }
    await wait(100)
  }
  stop()
  throw new Error('server did not start')
}
