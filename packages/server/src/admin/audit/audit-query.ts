import type { AuditEntry, AuditFilterOptions, AuditQuery } from '@serving-console/contract'
import type { Db } from '../../platform/db/database.js'
import type { AuditRecord } from './audit-log.js'

const TEXT_FILTERS = ['user', 'api_key_name', 'model_id', 'model_name', 'client_ip'] as const
const LIST_FILTERS = ['model_type', 'category', 'auth_type', 'status', 'tier'] as const
/** Repeated records fold into one row within this window from the first (audit-log.ts). */
export const FOLD_MS = 60_000
const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** v3's time bounds: `now`, `now-15m` (s, m, h, d), or an ISO date-time; undefined when it is none of them. */
export function parseTime(value: string, now = Date.now()): number | undefined {
  if (value === 'now') return now
  const relative = /^now-(\d{1,6})([smhd])$/.exec(value)
  if (relative) return now - Number(relative[1]) * (UNITS[relative[2] as string] as number)
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : time
}

/** Why a query cannot be asked (its time bounds), or undefined when it can. */
export function invalidQuery(query: AuditQuery, now = Date.now()): string | undefined {
  const filter = where(query, now)
  return 'invalid' in filter ? filter.invalid : undefined
}

/**
 * The question a query asks, as SQL: v3's semantics (a part of the text, case aside; lists are any of). An entry
 * folded from repeated refusals is found by any time between its first and its last.
 */
function where(
  query: AuditQuery,
  now: number,
): { sql: string; params: (string | number)[] } | { invalid: string } {
  const clauses: string[] = []
  const params: (string | number)[] = []
  const from = parseTime(query.time_from ?? 'now-1h', now)
  const to = parseTime(query.time_to ?? 'now', now)
  if (from === undefined) return { invalid: 'time_from must be now, now-<n><s|m|h|d> or an ISO date-time' }
  if (to === undefined) return { invalid: 'time_to must be now, now-<n><s|m|h|d> or an ISO date-time' }
  // A folded row's last time is within FOLD_MS of its first: the bound on `at` lets the index answer.
  clauses.push('at <= ? AND at >= ? AND coalesce(last_at, at) >= ?')
  params.push(
    new Date(to).toISOString(),
    new Date(from - FOLD_MS).toISOString(),
    new Date(from).toISOString(),
  )
  for (const field of TEXT_FILTERS) {
    const value = query[field]
    if (!value) continue
    clauses.push(`instr(lower(${field}), ?) > 0`)
    params.push(value.toLowerCase())
  }
  for (const field of LIST_FILTERS) {
    const terms = (query[field] ?? '')
      .split(',')
      .map((term) => term.trim().toLowerCase())
      .filter(Boolean)
      .slice(0, 16)
    if (terms.length === 0) continue
    clauses.push(`lower(${field}) IN (${terms.map(() => '?').join(', ')})`)
    params.push(...terms)
  }
  return { sql: clauses.join(' AND '), params }
}

/** A row as SQLite keeps it: the record, when it was first and last seen, and how many times. */
interface Row extends Omit<AuditRecord, 'fold'> {
  id: number
  at: string
  last_at: string | null
  count: number
}

const entryOf = (row: Row): AuditEntry => ({
  '@timestamp': row.at,
  event_type: 'api_call',
  category: row.category,
  auth_type: row.auth_type,
  user: row.user,
  api_key_name: row.api_key_name,
  api_key_prefix: row.api_key_prefix,
  model_id: row.model_id,
  model_name: row.model_name,
  model_type: row.model_type,
  endpoint: row.endpoint,
  status: row.status,
  latency_ms: row.latency_ms,
  client_ip: row.client_ip,
  method: row.method,
  http_status: row.http_status,
  tier: row.tier,
  count: row.count,
  ...(row.last_at ? { last_timestamp: row.last_at } : {}),
})

/** Newest first, a page of them, and how many match. */
export function search(
  db: Db,
  query: AuditQuery,
  now = Date.now(),
): { hits: AuditEntry[]; total: number } | { invalid: string } {
  const filter = where(query, now)
  if ('invalid' in filter) return filter
  const total = (
    db.get(`SELECT count(*) AS n FROM audit_log WHERE ${filter.sql}`, ...filter.params) as { n: number }
  ).n
  const rows = db.all(
    `SELECT * FROM audit_log WHERE ${filter.sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
    ...filter.params,
    query.size ?? 50,
    query.page_from ?? 0,
  ) as Row[]
  return { hits: rows.map(entryOf), total }
}

/** The CSV's columns; `timestamp`, not v3's `@timestamp`, which a spreadsheet may read as a formula. */
export const CSV_COLUMNS = [
  'timestamp',
  'last_timestamp',
  'count',
  'tier',
  'category',
  'auth_type',
  'user',
  'api_key_name',
  'api_key_prefix',
  'method',
  'endpoint',
  'model_id',
  'model_name',
  'model_type',
  'status',
  'http_status',
  'latency_ms',
  'client_ip',
] as const

/**
 * One CSV field that no spreadsheet runs as a formula (OWASP's CSV injection): a text starting with a formula's
 * sign gets a quote mark before it, and every text field is quoted, so a spreadsheet that splits on `;` or a tab
 * (as many locales do) cannot cut a field into one that starts with `=` either.
 */
function csvField(value: string | number | undefined): string {
  if (typeof value === 'number') return String(value)
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}

const csvLine = (entry: AuditEntry) =>
  CSV_COLUMNS.map((column) => csvField(column === 'timestamp' ? entry['@timestamp'] : entry[column])).join(
    ',',
  )

/** Rows a CSV chunk holds: each is a short synchronous query, in the reader's thread. */
const CSV_CHUNK = 1000

/**
 * The matching entries as CSV, newest first, at most `query.size` from `query.page_from`, chunk by chunk: the head,
 * then CSV_CHUNK rows at a time (keyed on the id, so each chunk is a small query however deep it is). The time
 * bounds must be valid (`invalidQuery`).
 */
export function* csvChunks(
  db: Db,
  query: AuditQuery & { size: number },
  now = Date.now(),
): Generator<string> {
  const filter = where(query, now)
  if ('invalid' in filter) throw new Error(filter.invalid)
  yield `${CSV_COLUMNS.join(',')}\r\n`
  let left = query.size
  let skip = query.page_from ?? 0
  let before = Number.MAX_SAFE_INTEGER
  while (left > 0) {
    const rows = db.all(
      `SELECT * FROM audit_log WHERE ${filter.sql} AND id < ? ORDER BY id DESC LIMIT ? OFFSET ?`,
      ...filter.params,
      before,
      Math.min(CSV_CHUNK, left),
      skip,
    ) as Row[]
    if (rows.length === 0) return
    skip = 0
    left -= rows.length
    before = (rows.at(-1) as Row).id
    yield rows.map((row) => `${csvLine(entryOf(row))}\r\n`).join('')
  }
}

/** The values seen in each filterable field (at most 200 each), for the filters' suggestions. */
export function filterOptions(db: Db): AuditFilterOptions {
  const values = (field: string) =>
    (
      db.all(
        `SELECT DISTINCT ${field} AS value FROM audit_log WHERE ${field} != '' ORDER BY ${field} LIMIT 200`,
      ) as { value: string }[]
    ).map((row) => row.value)
  return {
    user: values('user'),
    api_key_name: values('api_key_name'),
    model_id: values('model_id'),
    model_name: values('model_name'),
    client_ip: values('client_ip'),
  }
}
