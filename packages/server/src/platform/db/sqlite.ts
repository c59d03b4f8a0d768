import { createRequire } from 'node:module'

export type SqlValue = string | number | bigint | null | Uint8Array

/** The little of SQLite the platform needs, the same over either engine. */
export interface Sqlite {
  exec(sql: string): void
  run(sql: string, ...params: SqlValue[]): { changes: number }
  /** A row as SQLite answers it; the caller knows its shape from its own SQL. */
  get(sql: string, ...params: SqlValue[]): unknown
  all(sql: string, ...params: SqlValue[]): unknown[]
  /** Runs `work` in one transaction: all of it is written, or none. */
  transaction<T>(work: () => T): T
  close(): void
}

interface Statement {
  run(...params: SqlValue[]): { changes: number | bigint }
  get(...params: SqlValue[]): unknown
  all(...params: SqlValue[]): unknown[]
}
interface Engine {
  exec(sql: string): unknown
  prepare(sql: string): Statement
  close(): unknown
}

/**
 * Node's own `node:sqlite` where the running Node has it (22.5 and later), better-sqlite3 on Node 20. Not
 * better-sqlite3 everywhere: built against Node 24, its objects abort the process when V8 collects them outside a
 * JavaScript context (Node 24's ObjectWrap removes a cleanup hook with no environment).
 */
function openEngine(path: string): Engine {
  const builtin = process.getBuiltinModule('node:sqlite') as
    { DatabaseSync: new (path: string) => Engine } | undefined
  if (builtin) return new builtin.DatabaseSync(path)
  const BetterSqlite = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => Engine
  return new BetterSqlite(path)
}

/** Opens (creating if needed) a database file. Statements are prepared once per SQL text and kept. */
export function openSqlite(path: string): Sqlite {
  const engine = openEngine(path)
  const statements = new Map<string, Statement>()
  const statement = (sql: string) => {
    let prepared = statements.get(sql)
    if (!prepared) {
      prepared = engine.prepare(sql)
      statements.set(sql, prepared)
    }
    return prepared
  }
  let depth = 0
  return {
    exec: (sql) => void engine.exec(sql),
    run: (sql, ...params) => ({ changes: Number(statement(sql).run(...params).changes) }),
    get: (sql, ...params) => statement(sql).get(...params),
    all: (sql, ...params) => statement(sql).all(...params),
    transaction(work) {
      // Nested calls join the outer transaction.
      if (depth > 0) return work()
      engine.exec('BEGIN IMMEDIATE')
      depth += 1
      try {
        const result = work()
        engine.exec('COMMIT')
        return result
      } catch (error) {
        engine.exec('ROLLBACK')
        throw error
      } finally {
        depth -= 1
      }
    },
    close() {
      statements.clear()
      engine.close()
    },
  }
}
