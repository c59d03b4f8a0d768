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
  try {
    current = statSync(path).mode & 0o777
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if ((current & 0o077) === 0) return undefined
  chmodSync(path, mode)
  return `${path} was readable by other accounts (mode ${current.toString(8)}); it is ${mode.toString(8)} now`
}
