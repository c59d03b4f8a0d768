import { join } from 'node:path'
import { ConfigError } from '../../config.js'
import { privateFile } from '../files/private-data.js'
import { USAGE_COLUMNS_SQL } from '../quota/usage-store.js'
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
  // Sessions of the user store: an access token names its session, so ending it (logout) or all of a user's (a new
  // password, a reset, disabling, removing, signing out everywhere) ends its tokens at once. Sessions are kept by
  // the SHA-256 of their id, as refresh tokens by theirs: a copy of the database names no live session. Refresh
  // tokens belong to a session and the last few are kept once spent: one presented again ends the session
  // (docs/security.md).
  `DROP TABLE refresh_tokens;
   CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX sessions_user ON sessions (user_id);
   CREATE TABLE refresh_tokens (
     token_hash TEXT PRIMARY KEY,
     session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
     expires_at INTEGER NOT NULL,
     spent_at INTEGER
   );
   CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id)`,
  // The trail in two tiers kept apart (security: sign-ins and changes by someone signed in; request: inference and
  // anything refused to nobody in particular), and repeated refusals folded into one row with a count and the
  // time of the last (audit/audit-log.ts).
  `ALTER TABLE audit_log ADD COLUMN tier TEXT NOT NULL DEFAULT 'request';
   ALTER TABLE audit_log ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE audit_log ADD COLUMN last_at TEXT;
   UPDATE audit_log SET tier = 'security'
     WHERE (category = 'auth' AND http_status < 400) OR (category = 'admin' AND auth_type != 'none');
   CREATE INDEX audit_log_tier ON audit_log (tier, id)`,
  // Limits on a user, an API key or a model (one of the three per row; a user's and a key's go with them), and
  // usage per hour, user, key and model, kept as increments with histograms of first-token times and durations
  // (quota/, docs/quotas.md).
  `CREATE TABLE limits (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     user_id INTEGER UNIQUE REFERENCES users (id) ON DELETE CASCADE,
     key_id INTEGER UNIQUE REFERENCES api_keys (id) ON DELETE CASCADE,
     model_uid TEXT UNIQUE,
     limits TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     CHECK ((user_id IS NOT NULL) + (key_id IS NOT NULL) + (model_uid IS NOT NULL) = 1)
   );
   CREATE TABLE usage_hours (
     hour INTEGER NOT NULL,
     user TEXT NOT NULL,
     user_id INTEGER NOT NULL,
     key_id INTEGER NOT NULL,
     model TEXT NOT NULL,
     ${USAGE_COLUMNS_SQL},
     PRIMARY KEY (hour, user, key_id, model)
   ) WITHOUT ROWID`,
  // Each model's worker time per hour: replicas × seconds their processes ran, and GPUs × that (docs/quotas.md).
  `CREATE TABLE model_hours (
     hour INTEGER NOT NULL,
     model TEXT NOT NULL,
     worker_ms REAL NOT NULL DEFAULT 0,
     gpu_ms REAL NOT NULL DEFAULT 0,
     PRIMARY KEY (hour, model)
   ) WITHOUT ROWID`,
  // Alerts (alerts/, docs/alerts.md): the rules with their defaults, the channels, the alerts raised, and the
  // messages each channel still has to send (tried again with backoff until sent or given up, never dropped).
  `CREATE TABLE alert_rules (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     kind TEXT NOT NULL,
     model TEXT,
     threshold REAL NOT NULL,
     for_seconds INTEGER NOT NULL,
     severity TEXT NOT NULL,
     enabled INTEGER NOT NULL
   );
   INSERT INTO alert_rules (name, kind, model, threshold, for_seconds, severity, enabled) VALUES
     ('A replica is down', 'replicas_down', NULL, 1, 120, 'critical', 1),
     ('First token over 10 s', 'first_token_ms', NULL, 10000, 180, 'warning', 1),
     ('Errors over 5 %', 'error_rate', NULL, 5, 180, 'warning', 1),
     ('A launch failed', 'launch_failed', NULL, 1, 0, 'warning', 0),
     ('Host memory over 90 %', 'host_memory', NULL, 90, 300, 'warning', 1),
     ('Cache disk under 10 % free', 'cache_disk_free', NULL, 10, 300, 'warning', 1);
   CREATE TABLE alert_channels (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     kind TEXT NOT NULL,
     url TEXT NOT NULL,
     secret TEXT,
     email TEXT,
     allow_internal INTEGER NOT NULL,
     enabled INTEGER NOT NULL,
     last_at INTEGER,
     last_ok INTEGER,
     last_error TEXT
   );
   CREATE TABLE alerts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     rule_id INTEGER NOT NULL,
     rule_name TEXT NOT NULL,
     kind TEXT NOT NULL,
     severity TEXT NOT NULL,
     model TEXT,
     model_type TEXT,
     state TEXT NOT NULL,
     value REAL NOT NULL,
     threshold REAL NOT NULL,
     summary TEXT NOT NULL,
     fired_at INTEGER NOT NULL,
     resolved_at INTEGER,
     notified_at INTEGER,
     acknowledged_by TEXT,
     silenced_until INTEGER
   );
   CREATE INDEX alerts_state ON alerts (state, id);
   CREATE TABLE alert_deliveries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     channel_id INTEGER NOT NULL REFERENCES alert_channels (id) ON DELETE CASCADE,
     body TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_at INTEGER NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX alert_deliveries_next ON alert_deliveries (next_at)`,
  // Rules on request latency, refusals and GPU memory, shipped enabled (Xinference's thresholds: docs/alerts.md).
  `INSERT INTO alert_rules (name, kind, model, threshold, for_seconds, severity, enabled) VALUES
     ('Request p95 over 60 s', 'latency_p95_ms', NULL, 60000, 180, 'warning', 1),
     ('Requests refused', 'refusals', NULL, 10, 180, 'warning', 1),
     ('GPU memory over 90 %', 'gpu_memory', NULL, 90, 300, 'warning', 1)`,
  // A budget's soft limit reached, said once per subject (quota/, docs/quotas.md): the alert names its subject.
  `ALTER TABLE alerts ADD COLUMN subject TEXT;
   INSERT INTO alert_rules (name, kind, model, threshold, for_seconds, severity, enabled) VALUES
     ('Soft limit reached', 'quota_soft_limit', NULL, 100, 0, 'info', 1)`,
  // Downloads as lasting tasks (download/download-tasks.ts, docs/downloads.md): one per cached model version.
  `CREATE TABLE downloads (
     cache_uid TEXT PRIMARY KEY,
     model_name TEXT NOT NULL,
     model_type TEXT NOT NULL,
     model_format TEXT NOT NULL,
     model_size_in_billions TEXT,
     quantization TEXT NOT NULL,
     hub TEXT NOT NULL,
     file_name TEXT NOT NULL,
     request TEXT NOT NULL,
     state TEXT NOT NULL,
     reason TEXT,
     size INTEGER,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX downloads_state ON downloads (state, updated_at)`,
  // A task whose hub did not answer is tried again by itself, later each time (download/download-tasks.ts).
  `ALTER TABLE downloads ADD COLUMN retries INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE downloads ADD COLUMN retry_at INTEGER`,
  // Benchmark reports (benchmark/, docs/benchmarks.md): settings, model and machine as JSON, levels as they end.
  `CREATE TABLE benchmarks (
     id INTEGER PRIMARY KEY,
     model_uid TEXT NOT NULL,
     state TEXT NOT NULL,
     reason TEXT,
     settings TEXT NOT NULL,
     model TEXT NOT NULL,
     machine TEXT NOT NULL,
     total INTEGER NOT NULL,
     levels TEXT NOT NULL DEFAULT '[]',
     started_by TEXT,
     created_at INTEGER NOT NULL,
     finished_at INTEGER
   )`,
  // The clusters the server holds besides its own platform (clusters/, docs/clusters.md); the secret (an API key or
  // a password) kept as given, in this file that only the server's account may read.
  `CREATE TABLE clusters (
     name TEXT PRIMARY KEY,
     address TEXT NOT NULL UNIQUE,
     source TEXT NOT NULL,
     credential_kind TEXT NOT NULL,
     username TEXT,
     secret TEXT,
     created_at INTEGER NOT NULL
   ) WITHOUT ROWID`,
  // A held cluster that stops answering, shipped enabled (after Xinference's "a worker gone for 2 min").
  `INSERT INTO alert_rules (name, kind, model, threshold, for_seconds, severity, enabled) VALUES
     ('A cluster is not answering', 'cluster_down', NULL, 1, 120, 'critical', 1)`,
]

export type Db = Sqlite

/**
 * Opens (creating if needed) the platform database in the data dir and brings its schema up to date. A file that
 * is not a healthy SQLite database stops start-up with one line saying which file and what to do.
 */
export function openDatabase(dataDir: string, warn: (line: string) => void = () => undefined): Db {
  const path = join(dataDir, 'platform.db')
  let db: Db | undefined
  try {
    // SQLite gives its -wal and -shm files the database file's mode: made 0600 first, all three are.
    for (const [file, create] of [
      [path, true],
      [`${path}-wal`, false],
      [`${path}-shm`, false],
    ] as const) {
      const fixed = privateFile(file, create)
      if (fixed) warn(fixed)
    }
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
