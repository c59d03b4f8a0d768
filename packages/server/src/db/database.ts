import { join } from 'node:path'
import { ConfigError } from '../config.js'
import { openSqlite, type Sqlite } from './sqlite.js'

/** Schema changes in order; each runs once, in a transaction, and is recorded in `schema_migrations`. */
const MIGRATIONS: string[] = [
  `CREATE TABLE custom_models (
     model_type TEXT NOT NULL,
     model_name TEXT NOT NULL,
     body TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (datetime('now')),
     PRIMARY KEY (model_type, model_name)
   )`,
  // Upstream v3's launch history (its /v1/launch_history): one record per model, uid and user, the last launch.
  `CREATE TABLE launch_history (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     model_name TEXT NOT NULL,
     model_uid TEXT NOT NULL,
     username TEXT NOT NULL,
     data TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     UNIQUE (model_name, model_uid, username)
   )`,
  // The built-in user store (`--auth`), as upstream v3 keeps its users; the secret that signs this server's tokens.
  `CREATE TABLE users (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     username TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     permissions TEXT NOT NULL,
     enabled INTEGER NOT NULL DEFAULT 1,
     must_change_password INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL DEFAULT (datetime('now'))
   );
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  // Refresh tokens of the user store, by their SHA-256 (the token itself is never kept), one use each.
  `CREATE TABLE refresh_tokens (
     token_hash TEXT PRIMARY KEY,
     username TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   )`,
  // Upstream v3's API keys, kept as their SHA-256 (never the key), each with what models it may reach; a user's
  // keys go with the user.
  `CREATE TABLE api_keys (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     key_hash TEXT NOT NULL UNIQUE,
     key_prefix TEXT NOT NULL,
     name TEXT NOT NULL,
     description TEXT,
     enabled INTEGER NOT NULL DEFAULT 1,
     expires_at TEXT,
     created_at TEXT NOT NULL DEFAULT (datetime('now'))
   );
   CREATE TABLE api_key_permissions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     api_key_id INTEGER NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
     permission_type TEXT NOT NULL,
     permission_value TEXT
   )`,
  // The audit trail: one row per recorded request, its fields as v3's audit search answers them (never a password,
  // key or prompt); the oldest rows go beyond a bound (audit/audit-log.ts).
  `CREATE TABLE audit_log (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     at TEXT NOT NULL,
     category TEXT NOT NULL,
     auth_type TEXT NOT NULL,
     user TEXT NOT NULL,
     api_key_name TEXT NOT NULL,
     api_key_prefix TEXT NOT NULL,
     model_id TEXT NOT NULL,
     model_name TEXT NOT NULL,
     model_type TEXT NOT NULL,
     method TEXT NOT NULL,
     endpoint TEXT NOT NULL,
     status TEXT NOT NULL,
     http_status INTEGER NOT NULL,
     latency_ms REAL NOT NULL,
     client_ip TEXT NOT NULL
   );
   CREATE INDEX audit_log_at ON audit_log (at)`,
]

export type Db = Sqlite

/**
 * Opens (creating if needed) the platform database in the data dir and brings its schema up to date. A file that
 * is not a healthy SQLite database stops start-up with one line saying which file and what to do.
 */
export function openDatabase(dataDir: string): Db {
  const path = join(dataDir, 'platform.db')
  let db: Db | undefined
  try {
    db = openSqlite(path)
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA foreign_keys = ON')
    const check = (db.get('PRAGMA quick_check') as { quick_check?: string } | undefined)?.quick_check
    if (check !== 'ok') throw new Error(`integrity check failed: ${check ?? 'no answer'}`)
    return migrate(db)
  } catch (error) {
    db?.close()
    throw new ConfigError(
      `the database ${path} cannot be used (${(error as Error).message}); move it aside to start with no custom models, or restore it from a backup.`,
    )
  }
}

function migrate(db: Db): Db {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)')
  const applied = new Set(
    (db.all('SELECT version FROM schema_migrations') as { version: number }[]).map((row) => row.version),
  )
  MIGRATIONS.forEach((sql, index) => {
    const version = index + 1
    if (applied.has(version)) return
    db.transaction(() => {
      db.exec(sql)
      db.run('INSERT INTO schema_migrations (version) VALUES (?)', version)
    })
  })
  return db
}
