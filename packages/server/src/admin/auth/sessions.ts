import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../platform/db/database.js'

/** How long a refresh token may wait to be used; how long a session lasts however often it is renewed. */
const REFRESH_DAYS = 7
const SESSION_DAYS = 30
const DAY_MS = 86_400_000
/** Sessions one user holds at most; signing in once more ends the oldest. */
const MAX_SESSIONS = 50
/** Spent refresh tokens a session remembers, to know one presented again. */
const SPENT_KEPT = 5
/**
 * A spent refresh token presented again this soon is refused without ending its session: two tabs of one sign-in
 * (a duplicated tab shares its storage) renewing at once, or a renewal sent again when its answer was lost.
 */
const REUSE_GRACE_MS = 30_000
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * The user store's sessions (`sessions`, `refresh_tokens`): an access token names its session, a refresh token
 * renews it. Both tables keep only SHA-256 hashes, so a copy of the database names no live session. Whose user
 * may still be let in is UserStore's question; this module knows sessions only.
 */
export class Sessions {
  constructor(private readonly db: Db) {}

  /**
   * A new session of the user, and its first refresh token. Expired sessions are swept here; a user holds at most
   * MAX_SESSIONS at once, the oldest ending first, so signing in again and again cannot grow the table.
   */
  open(userId: number, now = Date.now()): { session: string; refresh: string } {
    return this.db.transaction(() => {
      this.db.run('DELETE FROM sessions WHERE expires_at < ?', now)
      this.db.run(
        `DELETE FROM sessions WHERE id IN (
           SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)`,
        userId,
        MAX_SESSIONS - 1,
      )
      const session = randomBytes(16).toString('base64url')
      this.db.run(
        'INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        tokenHash(session),
        userId,
        now,
        now + SESSION_DAYS * DAY_MS,
      )
      return { session, refresh: this.issueRefresh(session, now) }
    })
  }

  /** Whether the session is still open and the user's. */
  live(session: string, userId: number, now = Date.now()): boolean {
    const row = this.db.get(
      'SELECT 1 AS live FROM sessions WHERE id = ? AND user_id = ? AND expires_at >= ?',
      tokenHash(session),
      userId,
      now,
    )
    return row !== undefined
  }

  /**
   * Spends a refresh token: its session, the session's user id, and a new token in its place. Null for a token
   * that is unknown or expired, or whose session is gone. A token already spent ends its session — one of its two
   * holders is a thief, and neither is told which — unless it was spent a moment ago (REUSE_GRACE_MS), when it is
   * only refused.
   */
  renew(token: string, now = Date.now()): { userId: number; session: string; refresh: string } | null {
    return this.db.transaction(() => {
      const row = this.db.get(
        `SELECT refresh_tokens.session_id AS session_key, refresh_tokens.expires_at AS expires, spent_at,
           sessions.user_id AS user_id, sessions.expires_at AS session_expires
         FROM refresh_tokens JOIN sessions ON sessions.id = refresh_tokens.session_id
         WHERE token_hash = ?`,
        tokenHash(token),
      ) as
        | {
            session_key: string
            expires: number
            spent_at: number | null
            user_id: number
            session_expires: number
          }
        | undefined
      if (!row) return null
      if (row.spent_at !== null) {
        if (now - row.spent_at > REUSE_GRACE_MS)
          this.db.run('DELETE FROM sessions WHERE id = ?', row.session_key)
        return null
      }
      this.db.run('UPDATE refresh_tokens SET spent_at = ? WHERE token_hash = ?', now, tokenHash(token))
      this.db.run(
        `DELETE FROM refresh_tokens WHERE session_id = ? AND spent_at IS NOT NULL AND token_hash NOT IN (
           SELECT token_hash FROM refresh_tokens WHERE session_id = ? AND spent_at IS NOT NULL
           ORDER BY spent_at DESC LIMIT ?)`,
        row.session_key,
        row.session_key,
        SPENT_KEPT,
      )
      if (row.expires < now || row.session_expires < now) return null
      const session = token.slice(0, token.indexOf('.'))
      if (tokenHash(session) !== row.session_key) return null
      return { userId: row.user_id, session, refresh: this.issueRefresh(session, now) }
    })
  }

  /** Signs out: the session of this refresh token ends, its access tokens with it. False for a token not ours. */
  endOf(refreshToken: string): boolean {
    const row = this.db.get(
      'SELECT session_id AS session FROM refresh_tokens WHERE token_hash = ?',
      tokenHash(refreshToken),
    ) as { session: string } | undefined
    if (row) this.db.run('DELETE FROM sessions WHERE id = ?', row.session)
    return row !== undefined
  }

  /** Every session of a user: after a new password, a reset, disabling, or signing out everywhere. */
  endAll(userId: number): void {
    this.db.run('DELETE FROM sessions WHERE user_id = ?', userId)
  }

  /**
   * A refresh token: the session's id and 32 random bytes. The database keeps neither (only their hashes); the
   * holder's token is what names the session again when it is renewed.
   */
  private issueRefresh(session: string, now: number): string {
    const token = `${session}.${randomBytes(32).toString('base64url')}`
    this.db.run(
      'INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES (?, ?, ?)',
      tokenHash(token),
      tokenHash(session),
      now + REFRESH_DAYS * DAY_MS,
    )
    return token
  }
}
