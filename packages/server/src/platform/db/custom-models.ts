import type { ModelType } from '@serving-console/contract'
import type { Db } from './database.js'

export interface StoredCustomModel {
  model_type: ModelType
  model_name: string
  /** The registration as the user sent it (upstream's custom-model JSON). */
  body: Record<string, unknown>
}

interface Row {
  model_type: ModelType
  model_name: string
  body: string
}

/** Custom model registrations, kept in SQLite. */
export class CustomModelsRepository {
  constructor(private readonly db: Db) {}

  list(type: ModelType): StoredCustomModel[] {
    const rows = this.db.all(
      'SELECT model_type, model_name, body FROM custom_models WHERE model_type = ? ORDER BY model_name',
      type,
    ) as Row[]
    return rows.map((row) => ({ ...row, body: JSON.parse(row.body) as Record<string, unknown> }))
  }

  get(type: ModelType, name: string): StoredCustomModel | undefined {
    const row = this.db.get(
      'SELECT model_type, model_name, body FROM custom_models WHERE model_type = ? AND model_name = ?',
      type,
      name,
    ) as Row | undefined
    return row && { ...row, body: JSON.parse(row.body) as Record<string, unknown> }
  }

  /** Inserts; false when a model of that type and name exists already. */
  insert(model: StoredCustomModel): boolean {
    const result = this.db.run(
      'INSERT OR IGNORE INTO custom_models (model_type, model_name, body) VALUES (?, ?, ?)',
      model.model_type,
      model.model_name,
      JSON.stringify(model.body),
    )
    return result.changes === 1
  }

  delete(type: ModelType, name: string): boolean {
    return (
      this.db.run('DELETE FROM custom_models WHERE model_type = ? AND model_name = ?', type, name).changes ===
      1
    )
  }
}
