import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { ApiKey, ModelPermission } from '@serving-console/contract'
import type { Db } from '../../platform/db/database.js'

/** A key as the authenticator needs it: whose, and what it may reach. */
export interface KeyHolder {
  id: number
  name: string
  prefix: string
  userId: number
  permissions: ModelPermission[]
}

/** Why a key that is ours cannot be used now (v3's words). */
export type KeyRefusal = 'API key is disabled' | 'API key has expired'

/** A key as the trail and the ban list name it: never its secret, only its name and first characters. */
export interface KeyLabel {
  id: number
  name: string
  prefix: string
}

/** A key that is ours but refused, with why. */
export interface RefusedKey {
  refused: KeyRefusal
  key: KeyLabel
}

interface KeyRow {
  id: number
  user_id: number
  key_hash: string
  key_prefix: string
  name: string
  description: string | null
  enabled: number
  expires_at: string | null
  created_at: string
  owner_username?: string | null
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** v3's shape: `xf-` and 48 letters or digits (~285 bits); the listing shows the first 7 characters. */
const KEY_LENGTH = 48
const PREFIX_LENGTH = 7
/** Keys are long and random: a fast hash is enough to keep them unreadable at rest, and lets a lookup be one index. */
const keyHash = (key: string) => createHash('sha256').update(key).digest('hex')

function newKey(): string {
  let key = 'xf-'
  for (let i = 0; i < KEY_LENGTH; i++) key += ALPHABET.charAt(randomInt(ALPHABET.length))
  return key
}

/** A key's expiry as a time; a date-time without a zone is UTC, as v3 stores it. */
export function expiryTime(expiresAt: string | null): number | null {
  if (!expiresAt) return null
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(expiresAt) ? expiresAt : `${expiresAt.replace(' ', 'T')}Z`
  const time = Date.parse(zoned)
  return Number.isNaN(time) ? null : time
}

/** A key with no permission, or an `all`, reaches every model; else its types and ids. */
export function keyReaches(
  permissions: readonly ModelPermission[],
  model: { id: string; type?: string | undefined },
) {
  if (permissions.length === 0) return true
  return permissions.some(
    (permission) =>
      permission.permission_type === 'all' ||
      (permission.permission_type === 'model_id' && permission.permission_value === model.id) ||
      (permission.permission_type === 'model_type' &&
        model.type !== undefined &&
        permission.permission_value?.toLowerCase() === model.type.toLowerCase()),
  )
}

/**
 * Upstream v3's API keys in the built-in store: made random, shown once, kept as their SHA-256; each with its
 * owner, expiry, enabled flag and the models it may reach.
 */
export class KeyStore {
  constructor(private readonly db: Db) {}

  /** A new key for `userId`; its secret is in the answer and nowhere else. */
  create(
    userId: number,
    key: {
      name: string
      description?: string | null | undefined
      expires_at?: string | null | undefined
      model_permissions?: readonly ModelPermission[] | undefined
    },
  ): { id: number; key: string; prefix: string; name: string } {
    const secret = newKey()
    const hash = keyHash(secret)
    return this.db.transaction(() => {
      this.db.run(
        `INSERT INTO api_keys (user_id, key_hash, key_prefix, name, description, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        userId,
        hash,
        secret.slice(0, PREFIX_LENGTH),
        key.name,
        key.description ?? null,
        key.expires_at ?? null,
      )
      const { id } = this.db.get('SELECT id FROM api_keys WHERE key_hash = ?', hash) as { id: number }
      this.setPermissions(id, key.model_permissions ?? [])
      return { id, key: secret, prefix: secret.slice(0, PREFIX_LENGTH), name: key.name }
    })
  }

  /** Every key, or one user's, never with its secret. */
  list(userId?: number): ApiKey[] {
    const rows = this.db.all(
      `SELECT api_keys.*, users.username AS owner_username FROM api_keys
       LEFT JOIN users ON users.id = api_keys.user_id
       ${userId === undefined ? '' : 'WHERE api_keys.user_id = ?'} ORDER BY api_keys.id`,
      ...(userId === undefined ? [] : [userId]),
    ) as KeyRow[]
    return rows.map((row) => this.listed(row))
  }

  byId(id: number): ApiKey | undefined {
    const row = this.db.get(
      `SELECT api_keys.*, users.username AS owner_username FROM api_keys
       LEFT JOIN users ON users.id = api_keys.user_id WHERE api_keys.id = ?`,
      id,
    ) as KeyRow | undefined
    return row ? this.listed(row) : undefined
  }

  update(
    id: number,
    change: {
      name?: string | undefined
      description?: string | null | undefined
      enabled?: boolean | undefined
      expires_at?: string | null | undefined
      model_permissions?: readonly ModelPermission[] | undefined
    },
  ): void {
    this.db.transaction(() => {
      if (change.name !== undefined) this.db.run('UPDATE api_keys SET name = ? WHERE id = ?', change.name, id)
      if (change.description !== undefined)
        this.db.run('UPDATE api_keys SET description = ? WHERE id = ?', change.description, id)
      if (change.enabled !== undefined)
        this.db.run('UPDATE api_keys SET enabled = ? WHERE id = ?', change.enabled ? 1 : 0, id)
      if (change.expires_at !== undefined)
        this.db.run('UPDATE api_keys SET expires_at = ? WHERE id = ?', change.expires_at, id)
      if (change.model_permissions !== undefined) this.setPermissions(id, change.model_permissions)
    })
  }

  remove(id: number): void {
    this.db.run('DELETE FROM api_keys WHERE id = ?', id)
  }

  /**
   * The key a bearer token is, if it is one of ours: its holder, or why it cannot be used. The lookup is by hash
   * (an index), and the stored hash is compared in constant time.
   */
  identify(token: string, now = Date.now()): KeyHolder | RefusedKey | undefined {
    if (!token.startsWith('xf-') || token.length > 256) return undefined
    const hash = keyHash(token)
    const row = this.db.get('SELECT * FROM api_keys WHERE key_hash = ?', hash) as KeyRow | undefined
    if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) return undefined
    const label = { id: row.id, name: row.name, prefix: row.key_prefix }
    if (row.enabled !== 1) return { refused: 'API key is disabled', key: label }
    const expires = expiryTime(row.expires_at)
    if (expires !== null && expires <= now) return { refused: 'API key has expired', key: label }
    return {
      id: row.id,
      name: row.name,
      prefix: row.key_prefix,
      userId: row.user_id,
      permissions: this.permissions(row.id),
    }
  }

  private permissions(id: number): ModelPermission[] {
    return this.db.all(
      'SELECT id, api_key_id, permission_type, permission_value FROM api_key_permissions WHERE api_key_id = ? ORDER BY id',
      id,
    ) as ModelPermission[]
  }

  /** v3 lists a key without restrictions as one `all` permission. */
  private setPermissions(id: number, permissions: readonly ModelPermission[]): void {
    this.db.run('DELETE FROM api_key_permissions WHERE api_key_id = ?', id)
    const kept =
      permissions.length === 0 ? [{ permission_type: 'all' as const, permission_value: null }] : permissions
    for (const permission of kept) {
      this.db.run(
        'INSERT INTO api_key_permissions (api_key_id, permission_type, permission_value) VALUES (?, ?, ?)',
        id,
        permission.permission_type,
        permission.permission_type === 'all' ? null : (permission.permission_value ?? null),
      )
    }
  }

  private listed(row: KeyRow): ApiKey {
    return {
      id: row.id,
      user_id: row.user_id,
      owner_username: row.owner_username ?? null,
      key_prefix: row.key_prefix,
      name: row.name,
      description: row.description,
      enabled: row.enabled === 1,
      expires_at: row.expires_at,
      model_permissions: this.permissions(row.id),
      created_at: row.created_at,
    }
  }
}
