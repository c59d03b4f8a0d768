import { Limits as LimitsSchema, NO_LIMITS, type Limits, type SubjectType } from '@serving-console/contract'
import type { Db } from '../db/database.js'

/** A subject as the counters and the store name it: `user:3`, `key:12`, `model:my-llm`. */
export type SubjectKey = `${SubjectType}:${string}`
export const subjectKey = (type: SubjectType, subject: string | number): SubjectKey =>
  `${type}:${String(subject)}`

interface Row {
  user_id: number | null
  key_id: number | null
  model_uid: string | null
  limits: string
}

const keyOfRow = (row: Row): SubjectKey =>
  row.user_id !== null
    ? subjectKey('user', row.user_id)
    : row.key_id !== null
      ? subjectKey('key', row.key_id)
      : subjectKey('model', row.model_uid ?? '')

/**
 * The limits set on users, keys and models, in SQLite (a user's and a key's go with them: ON DELETE CASCADE), read
 * from memory on the request path. A row that no longer parses (written by a later version) reads as no limits.
 */
export class LimitStore {
  private readonly cached = new Map<SubjectKey, Limits>()

  constructor(private readonly db: Db) {
    this.reload()
  }

  /** Reads every row again (after a user or key was removed, whose rows went with them). */
  reload(): void {
    this.cached.clear()
    for (const row of this.db.all('SELECT user_id, key_id, model_uid, limits FROM limits') as Row[]) {
      const parsed = LimitsSchema.safeParse(JSON.parse(row.limits))
      if (parsed.success) this.cached.set(keyOfRow(row), parsed.data)
    }
  }

  /** A subject's limits; none set reads as no limits. */
  of(key: SubjectKey): Limits {
    return this.cached.get(key) ?? NO_LIMITS
  }

  /** Whether any limit is set on the subject. */
  has(key: SubjectKey): boolean {
    return this.cached.has(key)
  }

  /** Every subject with limits set. */
  subjects(): SubjectKey[] {
    return [...this.cached.keys()]
  }

  /** Sets a subject's limits; all of them null removes its row. */
  set(type: SubjectType, subject: string | number, limits: Limits, now = Date.now()): void {
    const column = type === 'user' ? 'user_id' : type === 'key' ? 'key_id' : 'model_uid'
    const key = subjectKey(type, subject)
    const none = Object.entries(limits).every(([name, value]) => name === 'budget_period' || value === null)
    if (none) {
      this.db.run(`DELETE FROM limits WHERE ${column} = ?`, subject)
      this.cached.delete(key)
      return
    }
    this.db.run(
      `INSERT INTO limits (${column}, limits, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (${column}) DO UPDATE SET limits = excluded.limits, updated_at = excluded.updated_at`,
      subject,
      JSON.stringify(limits),
      now,
    )
    this.cached.set(key, limits)
  }
}
