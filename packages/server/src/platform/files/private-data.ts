import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs'

/**
 * The data dir holds the users, their sessions and the token secret: nobody but the server's own account may read
 * it. Made 0700 (files in it 0600); a looser one is tightened at start, and the returned line says so, for the
 * log: it was readable by every local account until then (docs/security.md).
 */
export function privateDir(dir: string): string | undefined {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  return tighten(dir, 0o700)
}

/** Creates `path` empty (0600) when it is missing; tightens it to 0600 when it is looser. */
export function privateFile(path: string, create = false): string | undefined {
  if (create) closeSync(openSync(path, 'a', 0o600))
  return tighten(path, 0o600)
}

function tighten(path: string, mode: number): string | undefined {
  let current: number
  let owner: number
  try {
    const stat = statSync(path)
    current = stat.mode & 0o777
    owner = stat.uid
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if ((current & 0o077) === 0) return undefined
  const was = current.toString(8)
  // Another account's folder (a shared --data-dir) is theirs to change: said, not changed, and the server starts.
  if (process.getuid && owner !== process.getuid()) {
    return `${path} is readable by other accounts (mode ${was}) and belongs to another account: it is left as it is`
  }
  try {
    chmodSync(path, mode)
  } catch (error) {
    return `${path} is readable by other accounts (mode ${was}) and could not be changed: ${(error as Error).message}`
  }
  return `${path} was readable by other accounts (mode ${was}); it is ${mode.toString(8)} now`
}
