import { rmSync } from 'node:fs'

/** Removes the data dirs this run's servers used (see servers.ts). */
export default function globalTeardown() {
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^E2E_.*_DATA_DIR$/.test(name) || !value) continue
    rmSync(value, { recursive: true, force: true })
    rmSync(`${value}.auth.json`, { force: true })
  }
}
