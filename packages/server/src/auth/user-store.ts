import { createHash, randomBytes } from 'node:crypto'
import { RateLimitConfig, SCOPES, type Scope } from '@serving-console/contract'
import type { Db } from '../db/database.js'
import type { KeyStore } from './api-keys.js'
import type { KeyDirectory, TokenSettings, UserDirectory } from './authenticator.js'
import { decoyHash, hashPassword, verifyPassword } from './passwords.js'

/** A user of the built-in store as upstream v3 lists one (never with its password). */
export interface StoredUser {
  id: number
  username: string
  permissions: Scope[]
  enabled: boolean
  must_change_password: boolean
  created_at: string
}

interface Row {
  id: number
  username: string
  password_hash: string
  permissions: string
  enabled: number
  must_change_password: number
  created_at: string
}

/** How long a refresh token may wait to be used. */
const REFRESH_DAYS = 7
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url')

/** A change that would leave the server without an enabled administrator (rolled back). */
export class LastAdministrator extends Error {
  override name = 'LastAdministrator'
}

/** v3's rule: passwords of at least this many characters. */
export const PASSWORD_MIN_LENGTH = 8

const userOf = (row: Row): StoredUser => ({
  id: row.id,
  username: row.username,
  permissions: (JSON.parse(row.permissions) as string[]).filter((scope): scope is Scope =>
    (SCOPES as readonly string[]).includes(scope),
  ),
  enabled: row.enabled === 1,
  must_change_password: row.must_change_password === 1,
  created_at: row.created_at,
})

/**
 * The built-in user store (`--auth`): users in SQLite with scrypt password hashes, and the secret this server
 * signs its tokens with, made once and kept, so a restart signs nobody out.
 */
export class UserStore {
  constructor(private readonly db: Db) {}

  count(): number {
    return (this.db.get('SELECT count(*) AS n FROM users') as { n: number }).n
  }

  find(username: string): StoredUser | undefined {
    const row = this.db.get('SELECT * FROM users WHERE username = ?', username) as Row | undefined
    return row ? userOf(row) : undefined
  }

  /** The enabled user whose password this is, or null; an unknown name costs what a wrong password costs. */
  async checkPassword(username: string, password: string): Promise<StoredUser | null> {
    const row = this.db.get('SELECT * FROM users WHERE username = ?', username) as Row | undefined
    const matches = await verifyPassword(password, row?.password_hash ?? (await decoyHash()))
    return row && matches && row.enabled === 1 ? userOf(row) : null
  }

  /**
   * The first administrator, only while the store has no user at all: the insert itself checks, so two set-ups at
   * once cannot both succeed. Null when someone already exists.
   */
  async setup(username: string, password: string): Promise<StoredUser | null> {
    const hash = await hashPassword(password)
    const { changes } = this.db.run(
      `INSERT INTO users (username, password_hash, permissions)
       SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM users)`,
      username,
      hash,
      JSON.stringify(['admin']),
    )
    return changes === 1 ? (this.find(username) ?? null) : null
  }

  list(): StoredUser[] {
    return (this.db.all('SELECT * FROM users ORDER BY id') as Row[]).map(userOf)
  }

  byId(id: number): StoredUser | undefined {
    const row = this.db.get('SELECT * FROM users WHERE id = ?', id) as Row | undefined
    return row ? userOf(row) : undefined
  }

  /** A new user; null when the name is taken. */
  async create(user: {
    username: string
    password: string
    permissions: readonly Scope[]
  }): Promise<StoredUser | null> {
    const hash = await hashPassword(user.password)
    const { changes } = this.db.run(
      'INSERT OR IGNORE INTO users (username, password_hash, permissions) VALUES (?, ?, ?)',
      user.username,
      hash,
      JSON.stringify(user.permissions),
    )
    return changes === 1 ? (this.find(user.username) ?? null) : null
  }

  /**
   * Enables or disables a user and/or sets their permissions, in one transaction that refuses (LastAdministrator,
   * rolled back) a change leaving no enabled administrator: nobody could manage the server any more.
   */
  update(
    id: number,
    change: { enabled?: boolean | undefined; permissions?: readonly Scope[] | undefined },
  ): void {
    this.db.transaction(() => {
      if (change.enabled !== undefined)
        this.db.run('UPDATE users SET enabled = ? WHERE id = ?', change.enabled ? 1 : 0, id)
      if (change.permissions !== undefined)
        this.db.run('UPDATE users SET permissions = ? WHERE id = ?', JSON.stringify(change.permissions), id)
      if (this.enabledAdmins() === 0) throw new LastAdministrator()
    })
  }

  /** Removes a user; LastAdministrator (rolled back) when they were the last enabled administrator. */
  remove(id: number): void {
    this.db.transaction(() => {
      this.db.run('DELETE FROM users WHERE id = ?', id)
      if (this.enabledAdmins() === 0) throw new LastAdministrator()
    })
  }

  /** The user's own new password, after proving the current one: ends a forced change. False when it was wrong. */
  async changeOwnPassword(username: string, current: string, next: string): Promise<boolean> {
    const user = await this.checkPassword(username, current)
    if (!user) return false
    const hash = await hashPassword(next)
    this.db.run('UPDATE users SET password_hash = ?, must_change_password = 0 WHERE id = ?', hash, user.id)
    return true
  }

  /** A new password set by an administrator: the user must change it at their next sign-in. */
  async resetPassword(id: number, password: string): Promise<void> {
    const hash = await hashPassword(password)
    this.db.run('UPDATE users SET password_hash = ?, must_change_password = 1 WHERE id = ?', hash, id)
  }

  /** A new refresh token for `username` (kept as its hash), good for one use within REFRESH_DAYS. */
  issueRefresh(username: string, now = Date.now()): string {
    const token = randomBytes(32).toString('base64url')
    this.db.run('DELETE FROM refresh_tokens WHERE expires_at < ?', now)
    this.db.run(
      'INSERT INTO refresh_tokens (token_hash, username, expires_at) VALUES (?, ?, ?)',
      tokenHash(token),
      username,
      now + REFRESH_DAYS * 86_400_000,
    )
    return token
  }

  /**
   * Spends a refresh token: the user it was issued to, while still enabled, and a new token in its place; null for
   * a token that is unknown, spent, expired, or whose user is gone or disabled.
   */
  useRefresh(token: string, now = Date.now()): { user: StoredUser; refresh: string } | null {
    return this.db.transaction(() => {
      const row = this.db.get('SELECT * FROM refresh_tokens WHERE token_hash = ?', tokenHash(token)) as
        { username: string; expires_at: number } | undefined
      if (!row) return null
      this.db.run('DELETE FROM refresh_tokens WHERE token_hash = ?', tokenHash(token))
      const user = this.find(row.username)
      if (row.expires_at < now || !user?.enabled) return null
      return { user, refresh: this.issueRefresh(user.username, now) }
    })
  }

  /** Signs out: the refresh token cannot be used again. */
  revokeRefresh(token: string): void {
    this.db.run('DELETE FROM refresh_tokens WHERE token_hash = ?', tokenHash(token))
  }

  /** Every refresh token of a user: after they are disabled, removed or given a new password. */
  revokeAll(userId: number): void {
    const user = this.byId(userId)
    if (user) this.db.run('DELETE FROM refresh_tokens WHERE username = ?', user.username)
  }

  private enabledAdmins(): number {
    const rows = this.db.all('SELECT permissions FROM users WHERE enabled = 1') as { permissions: string }[]
    return rows.filter((row) => (JSON.parse(row.permissions) as string[]).includes('admin')).length
  }

  /** v3's failure limits, kept as a setting (see failure-bans.ts). */
  rateLimits(): { load(): RateLimitConfig | undefined; save(config: RateLimitConfig): void } {
    return {
      load: () => {
        const kept = this.db.get("SELECT value FROM settings WHERE key = 'rate_limit'") as
          { value: string } | undefined
        const parsed = kept ? RateLimitConfig.safeParse(JSON.parse(kept.value)) : undefined
        return parsed?.success ? parsed.data : undefined
      },
      save: (config) =>
        this.db.run(
          "INSERT INTO settings (key, value) VALUES ('rate_limit', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          JSON.stringify(config),
        ),
    }
  }

  /** The secret tokens are signed with: made on first use, then kept in the database. */
  tokenSecret(): string {
    const kept = this.db.get("SELECT value FROM settings WHERE key = 'token_secret'") as
      { value: string } | undefined
    if (kept) return kept.value
    this.db.run(
      "INSERT OR IGNORE INTO settings (key, value) VALUES ('token_secret', ?)",
      randomBytes(32).toString('base64url'),
    )
    return (this.db.get("SELECT value FROM settings WHERE key = 'token_secret'") as { value: string }).value
  }
}

/** Access tokens of the store last an hour (a refresh in a later step renews them). */
const TOKEN_MINUTES = 60

/** The store as the authenticator asks it: enabled users only, and their API keys. */
export function storeDirectory(
  store: UserStore,
  keys: KeyStore,
): { tokens: TokenSettings; directory: UserDirectory; keys: KeyDirectory } {
  return {
    keys: {
      identify: (token) => keys.identify(token),
      owner: (key) => {
        const user = store.byId(key.userId)
        return user?.enabled ? user : undefined
      },
    },
    tokens: { algorithm: 'HS256', secret: store.tokenSecret(), expireMinutes: TOKEN_MINUTES },
    directory: {
      checkPassword: (username, password) => store.checkPassword(username, password),
      current: (username) => {
        const user = store.find(username)
        return user?.enabled ? user : undefined
      },
      keyOwner: () => undefined,
    },
  }
}
