import { RateLimitConfig, SCOPES, type Scope } from '@serving-console/contract'
import type { Db } from '../../platform/db/database.js'
import type { KeyStore } from './api-keys.js'
import type { KeyDirectory, TokenSettings, UserDirectory } from './authenticator.js'
import { decoyHash, hashPassword, verifyPassword } from './passwords.js'
import { Sessions } from './sessions.js'

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
  /** Its users' sessions: ended here whenever something is taken from a user. */
  readonly sessions: Sessions

  constructor(private readonly db: Db) {
    this.sessions = new Sessions(db)
  }

  count(): number {
    return (this.db.get('SELECT count(*) AS n FROM users') as { n: number }).n
  }

  find(username: string): StoredUser | undefined {
    const row = this.db.get('SELECT * FROM users WHERE username = ?', username) as Row | undefined
    return row ? userOf(row) : undefined
  }

  /** The enabled user whose password this is, or null; an unknown name costs what a wrong password costs. */
  async checkPassword(
    username: string,
    password: string,
  ): Promise<(StoredUser & { credential: string }) | null> {
    const row = this.db.get('SELECT * FROM users WHERE username = ?', username) as Row | undefined
    const matches = await verifyPassword(password, row?.password_hash ?? (await decoyHash()))
    return row && matches && row.enabled === 1 ? { ...userOf(row), credential: row.password_hash } : null
  }

  /**
   * Whether the password a check passed against is still the user's: a reset or a change may have landed while
   * scrypt ran, and what it ended must stay ended.
   */
  private stillCredential(userId: number, credential: string): boolean {
    const row = this.db.get('SELECT password_hash FROM users WHERE id = ? AND enabled = 1', userId) as
      { password_hash: string } | undefined
    return row?.password_hash === credential
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

  /**
   * A new user; null when the name is taken, case aside: `Alice` and `alice` would read as one person in every
   * list and in the trail. The insert itself checks, so two creations at once cannot both succeed.
   */
  async create(user: {
    username: string
    password: string
    permissions: readonly Scope[]
  }): Promise<StoredUser | null> {
    const hash = await hashPassword(user.password)
    const { changes } = this.db.run(
      `INSERT INTO users (username, password_hash, permissions)
       SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM users WHERE username = ? COLLATE NOCASE)`,
      user.username,
      hash,
      JSON.stringify(user.permissions),
      user.username,
    )
    return changes === 1 ? (this.find(user.username) ?? null) : null
  }

  /**
   * Enables or disables a user and/or sets their permissions, in one transaction that refuses (LastAdministrator,
   * rolled back) a change leaving no enabled administrator: nobody could manage the server any more. Disabling
   * ends every session of the user.
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
      if (change.enabled === false) this.sessions.endAll(id)
    })
  }

  /**
   * Removes a user, with their sessions and keys; LastAdministrator (rolled back) when they were the last enabled
   * administrator.
   */
  remove(id: number): void {
    this.db.transaction(() => {
      this.db.run('DELETE FROM users WHERE id = ?', id)
      if (this.enabledAdmins() === 0) throw new LastAdministrator()
    })
  }

  /**
   * The user's own new password, once they proved the current one (`credential`, the hash it matched): ends a
   * forced change, and every session of the user (whoever held one with the old password holds nothing now). The
   * new credential, or null when the password changed meanwhile (a reset stands).
   */
  async setOwnPassword(id: number, next: string, credential: string): Promise<string | null> {
    const hash = await hashPassword(next)
    return this.db.transaction(() => {
      const { changes } = this.db.run(
        'UPDATE users SET password_hash = ?, must_change_password = 0 WHERE id = ? AND password_hash = ?',
        hash,
        id,
        credential,
      )
      if (changes !== 1) return null
      this.sessions.endAll(id)
      return hash
    })
  }

  /** A new password set by an administrator: every session ends, and the user must change it at the next sign-in. */
  async resetPassword(id: number, password: string): Promise<void> {
    const hash = await hashPassword(password)
    this.db.transaction(() => {
      this.db.run('UPDATE users SET password_hash = ?, must_change_password = 1 WHERE id = ?', hash, id)
      this.sessions.endAll(id)
    })
  }

  /**
   * A new session of the user (sessions.ts); null when the password checked (`credential`, its hash) is no longer
   * theirs: a reset or a change landed while it was checked, and what it ended stays ended.
   */
  openSession(
    userId: number,
    credential: string,
    now = Date.now(),
  ): { session: string; refresh: string } | null {
    return this.db.transaction(() =>
      this.stillCredential(userId, credential) ? this.sessions.open(userId, now) : null,
    )
  }

  /** The enabled user a live session belongs to; undefined once it ended, or the user is gone or disabled. */
  sessionUser(session: string, userId: number, now = Date.now()): StoredUser | undefined {
    if (!this.sessions.live(session, userId, now)) return undefined
    const user = this.byId(userId)
    return user?.enabled ? user : undefined
  }

  /** Spends a refresh token (sessions.ts) for its user, while still enabled, and a new token. */
  useRefresh(token: string, now = Date.now()): { user: StoredUser; session: string; refresh: string } | null {
    return this.db.transaction(() => {
      const renewed = this.sessions.renew(token, now)
      const user = renewed && this.byId(renewed.userId)
      return renewed && user?.enabled ? { user, session: renewed.session, refresh: renewed.refresh } : null
    })
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

  /** The signing secret earlier versions kept in this database: dropped (token-secret.ts says why). */
  forgetLegacyTokenSecret(): void {
    this.db.run("DELETE FROM settings WHERE key = 'token_secret'")
  }
}

/** Access tokens of the store last an hour; the console renews them with its refresh token. */
const TOKEN_MINUTES = 60

/** The store as the authenticator asks it: enabled users in live sessions, and their API keys. */
export function storeDirectory(
  store: UserStore,
  keys: KeyStore,
  secret: string,
): { tokens: TokenSettings; directory: UserDirectory; keys: KeyDirectory } {
  return {
    keys: {
      identify: (token) => keys.identify(token),
      owner: (key) => {
        const user = store.byId(key.userId)
        return user?.enabled ? user : undefined
      },
    },
    tokens: { algorithm: 'HS256', secret, expireMinutes: TOKEN_MINUTES },
    directory: {
      checkPassword: (username, password) => store.checkPassword(username, password),
      // A token of the store names its user by id and its session: a new user given a removed user's name is
      // someone else, and an ended session's tokens are refused at once.
      current: ({ uid, sid }) =>
        typeof uid === 'number' && typeof sid === 'string' ? store.sessionUser(sid, uid) : undefined,
      keyOwner: () => undefined,
    },
  }
}
