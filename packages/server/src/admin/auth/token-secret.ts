import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '../../config.js'
import { privateFile } from '../../platform/files/private-data.js'
import type { UserStore } from './user-store.js'

/** The key file in the data dir; whoever reads it can sign tokens for anyone (docs/security.md). */
export const TOKEN_SECRET_FILE = 'token-secret'
/** 32 random bytes in base64url; a shorter file was not written by us. */
const SECRET_LENGTH = 43

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * The secret the user store signs its tokens with: in a key file of its own, created 0600 (and tightened if it is
 * looser), not in the database beside the users, so a copy of `platform.db` (a backup, a bug report) signs
 * nothing. The secret an earlier version kept in the database is dropped, never carried over: every backup made
 * before would still sign with it, and its tokens name no session anyway (everyone signs in once more).
 */
export function loadTokenSecret(dataDir: string, store: UserStore, warn: (line: string) => void): string {
  const path = join(dataDir, TOKEN_SECRET_FILE)
  const loose = privateFile(path)
  if (loose) warn(loose)
  let secret = read(path)
  if (secret === undefined) {
    try {
      writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    secret = read(path)
  }
  if (!secret || secret.length < SECRET_LENGTH) {
    throw new ConfigError(
      `the token secret ${path} is too short to be one this server made; remove it to make a new one (everyone signs in again).`,
    )
  }
  store.forgetLegacyTokenSecret()
  return secret
}
