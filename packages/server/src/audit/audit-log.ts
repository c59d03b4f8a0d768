import type { AuditEntry, AuditFilterOptions, AuditQuery } from '@serving-console/contract'
import type { Db } from '../db/database.js'

/** What the trail records of one request: names, addresses and outcomes only — never a body. */
export interface AuditRecord {
  category: string
  auth_type: string
  user: string
  api_key_name: string
  api_key_prefix: string
  model_id: string
  model_name: string
  model_type: string
  method: string
  endpoint: string
  status: string
  http_status: number
  latency_ms: number
  client_ip: string
}

/** The trail keeps this many rows at most; the oldest go first (about 30 MB of SQLite). */
export const MAX_AUDIT_ROWS = 100_000
/** Pruning looks at the count this often, not on every insert. */
const PRUNE_EVERY = 500
/** Each field is cut to this length: a request cannot make a row large. */
const FIELD_LIMIT = 512
/** The most rows one CSV export holds. */
export const MAX_EXPORT_ROWS = 50_000

const TEXT_FILTERS = ['user', 'api_key_name', 'model_id', 'model_name', 'client_ip'] as const
const LIST_FILTERS = ['model_type', 'category', 'auth_type', 'status'] as const
const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** v3's time bounds: `now`, `now-15m` (s, m, h, d), or an ISO date-time; undefined when it is none of them. */
export function parseTime(value: string, now = Date.now()): number | undefined {
  if (value === 'now') return now
  const relative = /^now-(\d{1,6})([smhd])$/.exec(value)
  if (relative) return now - Number(relative[1]) * (UNITS[relative[2] as string] as number)
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : time
}

/** The question a query asks, as SQL: v3's semantics (a part of the text, case aside; lists are any of). */
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
  clauses.push('at >= ? AND at <= ?')
  params.push(new Date(from).toISOString(), new Date(to).toISOString())
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

interface Row extends AuditRecord {
  id: number
  at: string
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
})

export const CSV_COLUMNS = [
  '@timestamp',
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

/** One CSV field: quoted when it must be, and never read as a formula by a spreadsheet (OWASP's CSV injection). */
function csvField(value: string | number | undefined): string {
  let text = value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The audit trail in SQLite: recorded requests, searched and exported as upstream v3's audit center shows them. */
export class AuditLog {
  private sincePrune = 0

  constructor(
    private readonly db: Db,
    private readonly maxRows = MAX_AUDIT_ROWS,
  ) {}

  record(record: AuditRecord, at = new Date()): void {
    const cut = (value: string) => value.slice(0, FIELD_LIMIT)
    this.db.run(
      `INSERT INTO audit_log (at, category, auth_type, user, api_key_name, api_key_prefix, model_id, model_name,
         model_type, method, endpoint, status, http_status, latency_ms, client_ip)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      at.toISOString(),
      cut(record.category),
      cut(record.auth_type),
      cut(record.user),
      cut(record.api_key_name),
      cut(record.api_key_prefix),
      cut(record.model_id),
      cut(record.model_name),
      cut(record.model_type),
      cut(record.method),
      cut(record.endpoint),
      cut(record.status),
      record.http_status,
      Math.round(record.latency_ms * 10) / 10,
      cut(record.client_ip),
    )
    if (++this.sincePrune >= Math.min(PRUNE_EVERY, this.maxRows)) this.prune()
  }

  /** Keeps the newest `maxRows`. */
  prune(): void {
    this.sincePrune = 0
    this.db.run('DELETE FROM audit_log WHERE id <= (SELECT max(id) FROM audit_log) - ?', this.maxRows)
  }

  /** Newest first, a page of them, and how many match. */
  search(query: AuditQuery, now = Date.now()): { hits: AuditEntry[]; total: number } | { invalid: string } {
    const filter = where(query, now)
    if ('invalid' in filter) return filter
    const total = (
      this.db.get(`SELECT count(*) AS n FROM audit_log WHERE ${filter.sql}`, ...filter.params) as {
        n: number
      }
    ).n
    const rows = this.db.all(
      `SELECT * FROM audit_log WHERE ${filter.sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
      ...filter.params,
      query.size ?? 50,
      query.page_from ?? 0,
    ) as Row[]
    return { hits: rows.map(entryOf), total }
  }

  /** The matching rows as CSV, newest first, at most MAX_EXPORT_ROWS. */
  csv(query: AuditQuery, now = Date.now()): string | { invalid: string } {
    const found = this.search({ ...query, page_from: 0, size: MAX_EXPORT_ROWS }, now)
    if ('invalid' in found) return found
    const lines = found.hits.map((hit) => CSV_COLUMNS.map((column) => csvField(hit[column])).join(','))
    return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`
  }

  /** The values seen in each filterable field (at most 200 each), for the filters' suggestions. */
  filterOptions(): AuditFilterOptions {
    const values = (field: string) =>
      (
        this.db.all(
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
}
