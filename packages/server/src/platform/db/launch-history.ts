import type { LaunchHistoryEntry } from '@serving-console/contract'
import type { Db } from './database.js'

/** Records kept per user: the oldest go first. */
export const KEPT_LAUNCHES_PER_USER = 200

interface Row {
  id: number
  model_name: string
  model_uid: string
  username: string
  data: string
  created_at: string
  updated_at: string
}

/**
 * Launch history in SQLite, as upstream v3 keeps it: the last launch of each model and uid, per user (the empty
 * name when auth is off), to launch again with the same settings.
 */
export class LaunchHistoryRepository {
  constructor(private readonly db: Db) {}

  list(username: string, modelName?: string): LaunchHistoryEntry[] {
    const rows = (
      modelName === undefined
        ? this.db.all(
            'SELECT * FROM launch_history WHERE username = ? ORDER BY updated_at DESC, id DESC',
            username,
          )
        : this.db.all(
            'SELECT * FROM launch_history WHERE username = ? AND model_name = ? ORDER BY updated_at DESC, id DESC',
            username,
            modelName,
          )
    ) as Row[]
    return rows.map((row) => ({
      id: row.id,
      model_name: row.model_name,
      model_uid: row.model_uid,
      data: JSON.parse(row.data) as Record<string, unknown>,
      created_by: row.username,
      created_at: row.created_at,
      updated_at: row.updated_at,
    }))
  }

  /** Records a launch (replacing the record of the same model, uid and user); keeps the newest per user. */
  upsert(
    entry: { model_name: string; model_uid: string; data: Record<string, unknown> },
    username: string,
  ): void {
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
    this.db.transaction(() => {
      this.db.run(
        `INSERT INTO launch_history (model_name, model_uid, username, data, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (model_name, model_uid, username) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
        entry.model_name,
        entry.model_uid,
        username,
        JSON.stringify(entry.data),
        now,
        now,
      )
      this.db.run(
        `DELETE FROM launch_history WHERE username = ? AND id NOT IN
           (SELECT id FROM launch_history WHERE username = ? ORDER BY updated_at DESC, id DESC LIMIT ?)`,
        username,
        username,
        KEPT_LAUNCHES_PER_USER,
      )
    })
  }

  delete(modelName: string, modelUid: string, username: string): boolean {
    return (
      this.db.run(
        'DELETE FROM launch_history WHERE model_name = ? AND model_uid = ? AND username = ?',
        modelName,
        modelUid,
        username,
      ).changes === 1
    )
  }
}
