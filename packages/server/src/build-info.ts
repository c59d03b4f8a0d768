import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export type BuildInfo = {
  version: string
  'full-revisionid': string | null
}

/** The release (root package.json) and the commit of this checkout; null where git cannot tell. */
export function readBuildInfo(): BuildInfo {
  const root = new URL('../../../', import.meta.url)
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }
  let commit: string | null
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    commit = null
  }
  return { version: pkg.version, 'full-revisionid': commit }
}
