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
    return this.db
      .prepare<[string], Row>(
        'SELECT model_type, model_name, body FROM custom_models WHERE model_type = ? ORDER BY model_name',
      )
      .all(type)
      .map((row) => ({ ...row, body: JSON.parse(row.body) as Record<string, unknown> }))
  }

  get(type: ModelType, name: string): StoredCustomModel | undefined {
    const row = this.db
      .prepare<[string, string], Row>(
        'SELECT model_type, model_name, body FROM custom_models WHERE model_type = ? AND model_name = ?',
      )
      .get(type, name)
    return row && { ...row, body: JSON.parse(row.body) as Record<string, unknown> }
  }

  /** Inserts; false when a model of that type and name exists already. */
  insert(model: StoredCustomModel): boolean {
    const result = this.db
      .prepare('INSERT OR IGNORE INTO custom_models (model_type, model_name, body) VALUES (?, ?, ?)')
      .run(model.model_type, model.model_name, JSON.stringify(model.body))
    return result.changes === 1
  }

  delete(type: ModelType, name: string): boolean {
    return (
      this.db.prepare('DELETE FROM custom_models WHERE model_type = ? AND model_name = ?').run(type, name)
        .changes === 1
    )
  }
}
