import type { Db } from '../../platform/db/database.js'
import type { NewBan } from '../auth/failure-bans.js'

import { FOLD_MS } from './audit-query.js'

export { parseTime } from './audit-query.js'

/**
 * The trail's two tiers, kept apart so that one cannot push the other out. `security`: sign-ins, and what a
 * signed-in user changed or was refused — evidence, which only someone holding a credential can add to.
 * `request`: inference, and what was refused to nobody in particular, and the bans that made — which anyone who
 * can connect can add to.
 */
export type AuditTier = 'security' | 'request'

/** What the trail records of one request: names, addresses and outcomes only — never a body. */
export interface AuditRecord {
  tier: AuditTier
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
  /**
   * Records with the same fold within FOLD_MS of the first are one row with a count (and the time of the last):
   * repeated refusals, so a flood of them adds a row a minute, not a row a request.
   */
  fold?: string | undefined
}

/** How long each tier keeps its rows: at most this many, none older than this (docs/security.md). */
export interface Retention {
  rows: number
  days: number
}
export const RETENTION: Record<AuditTier, Retention> = {
  security: { rows: 100_000, days: 365 },
  request: { rows: 100_000, days: 30 },
}

/** Pruning looks at a tier this often, not on every insert. */
const PRUNE_EVERY = 500
/** Each field is cut to this length: a request cannot make a row large. */
const FIELD_LIMIT = 512
/** Folds followed at most; when full the oldest is forgotten (its next record starts a new row). */
const MAX_FOLDS = 10_000
const DAY_MS = 86_400_000

/**
 * The audit trail in SQLite, written here on the event loop (one insert, or one update of a folded row, per
 * recorded request); read by AuditReader in a thread of its own.
 */
export class AuditLog {
  private readonly sincePrune: Record<AuditTier, number> = { security: 0, request: 0 }
  private readonly folds = new Map<string, { id: number; until: number }>()

  constructor(
    private readonly db: Db,
    private readonly retention: Record<AuditTier, Retention> = RETENTION,
  ) {
    this.prune('security')
    this.prune('request')
  }

  record(record: AuditRecord, at = new Date()): void {
    const time = at.getTime()
    const fold = record.fold === undefined ? undefined : this.folds.get(record.fold)
    if (fold && fold.until > time) {
      const { changes } = this.db.run(
        'UPDATE audit_log SET count = count + 1, last_at = ?, latency_ms = max(latency_ms, ?) WHERE id = ?',
        at.toISOString(),
        Math.round(record.latency_ms * 10) / 10,
        fold.id,
      )
      if (changes === 1) return
    }
    const id = this.insert(record, at)
    if (record.fold !== undefined) this.follow(record.fold, { id, until: time + FOLD_MS })
    if (++this.sincePrune[record.tier] >= Math.min(PRUNE_EVERY, this.retention[record.tier].rows)) {
      this.prune(record.tier, time)
    }
  }

  /**
   * A ban the failure limits just made, from the banned address. In the request tier: anyone can make one (from
   * as many addresses as they hold), so bans must not be able to push out what only a credential adds.
   */
  recordBan(ban: NewBan, at = new Date()): void {
    const key = ban.key_id === undefined ? '' : `#${String(ban.key_id)}`
    this.record(
      {
        tier: 'request',
        category: 'auth',
        auth_type: key ? 'api_key' : 'none',
        user: '',
        api_key_name: key,
        api_key_prefix: '',
        model_id: '',
        model_name: '',
        model_type: '',
        // No request made it: the row is the event itself (the Security page lists the ban and its end).
        method: '',
        endpoint: '',
        status: key ? 'key_banned' : 'ip_banned',
        http_status: 429,
        latency_ms: 0,
        client_ip: ban.ip,
      },
      at,
    )
  }

  /** Keeps a tier's newest `rows`, none older than its `days`. */
  prune(tier: AuditTier, now = Date.now()): void {
    const { rows, days } = this.retention[tier]
    this.sincePrune[tier] = 0
    this.db.run(
      'DELETE FROM audit_log WHERE tier = ? AND at < ?',
      tier,
      new Date(now - days * DAY_MS).toISOString(),
    )
    this.db.run(
      `DELETE FROM audit_log WHERE tier = ? AND id < (
         SELECT id FROM audit_log WHERE tier = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      tier,
      tier,
      rows - 1,
    )
  }

  private insert(record: AuditRecord, at: Date): number {
    const cut = (value: string) => value.slice(0, FIELD_LIMIT)
    this.db.run(
      `INSERT INTO audit_log (at, tier, category, auth_type, user, api_key_name, api_key_prefix, model_id,
         model_name, model_type, method, endpoint, status, http_status, latency_ms, client_ip)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      at.toISOString(),
      record.tier,
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
    return (this.db.get('SELECT last_insert_rowid() AS id') as { id: number }).id
  }

  private follow(fold: string, entry: { id: number; until: number }): void {
    // Re-inserted, so the map stays oldest first: the oldest fold goes when it is full.
    this.folds.delete(fold)
    this.folds.set(fold, entry)
    if (this.folds.size > MAX_FOLDS) this.folds.delete(this.folds.keys().next().value as string)
  }
}
