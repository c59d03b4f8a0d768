// `npm start` builds what is missing, so a fresh clone needs only `npm install && npm start`.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Newest modification time under a folder (0 when absent). */
function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const packages = [
  { name: 'contract', sources: ['src'], output: 'dist/index.js' },
  { name: 'server', sources: ['src', 'test/support'], output: 'dist/main.js' },
  { name: 'console', sources: ['src', 'index.html', 'public'], output: 'dist/index.html' },
]

export function buildIfNeeded() {
  let upstreamChanged = false
  for (const { name, sources, output } of packages) {
    const dir = join('packages', name)
    const built = newest(join(dir, output))
    const stale = upstreamChanged || sources.some((source) => newest(join(dir, source)) > built)
    if (stale) {
      console.log(`Building ${name}…`)
      execSync(`npm run build -w packages/${name}`, { stdio: 'inherit' })
      upstreamChanged = name === 'contract' || upstreamChanged
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded()
