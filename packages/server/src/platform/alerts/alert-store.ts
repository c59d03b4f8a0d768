import type {
  Alert,
  AlertKind,
  EmailSettings,
  AlertRuleInput,
  Channel,
  ChannelInput,
  ChannelKind,
  Severity,
} from '@serving-console/contract'
import type { Db } from '../db/database.js'
import type { Reading } from './figures.js'

/** A rule as kept (without `available`, which the server's figures decide). */
export type StoredRule = AlertRuleInput & { id: number }

/** A channel as kept, its secret included: never answered (see `channelOf`). */
export interface StoredChannel {
  id: number
  name: string
  kind: ChannelKind
  url: string
  secret: string | null
  email: EmailSettings | null
  allow_internal: boolean
  enabled: boolean
}

/** A message a channel still has to send. */
export interface Delivery {
  id: number
  channel_id: number
  body: string
  attempts: number
}

type Row = Record<string, string | number | null>
const seconds = (ms: number) => Math.floor(ms / 1000)

const ruleOf = (row: Row): StoredRule => ({
  id: Number(row.id),
  name: String(row.name),
  kind: row.kind as AlertKind,
  model: row.model === null ? null : String(row.model),
  threshold: Number(row.threshold),
  for_seconds: Number(row.for_seconds),
  severity: row.severity as Severity,
  enabled: row.enabled === 1,
})

const storedChannelOf = (row: Row): StoredChannel => ({
  id: Number(row.id),
  name: String(row.name),
  kind: row.kind as ChannelKind,
  url: String(row.url),
  secret: row.secret === null ? null : String(row.secret),
  email: row.email === null ? null : (JSON.parse(String(row.email)) as EmailSettings),
  allow_internal: row.allow_internal === 1,
  enabled: row.enabled === 1,
})

const alertOf = (row: Row): Alert => ({
  id: Number(row.id),
  rule_id: Number(row.rule_id),
  rule_name: String(row.rule_name),
  kind: row.kind as AlertKind,
  severity: row.severity as Severity,
  model: row.model === null ? null : String(row.model),
  model_type: row.model_type === null ? null : String(row.model_type),
  subject: row.subject === null || row.subject === undefined ? null : String(row.subject),
  state: row.state === 'firing' ? 'firing' : 'resolved',
  value: Number(row.value),
  threshold: Number(row.threshold),
  summary: String(row.summary),
  fired_at: Number(row.fired_at),
  resolved_at: row.resolved_at === null ? null : Number(row.resolved_at),
  acknowledged_by: row.acknowledged_by === null ? null : String(row.acknowledged_by),
  silenced_until: row.silenced_until === null ? null : Number(row.silenced_until),
})

/** The newest alerts the inbox lists of any state. */
export const INBOX_SIZE = 200
/** Alerts kept: the newest this many, whatever their state (the inbox is not an archive). */
const ALERTS_KEPT = 10_000

/** Rules, channels, alerts and the messages not yet sent, in SQLite (docs/alerts.md). */
export class AlertStore {
  constructor(private readonly db: Db) {}

  rules(): StoredRule[] {
    return (this.db.all('SELECT * FROM alert_rules ORDER BY id') as Row[]).map(ruleOf)
  }
  rule(id: number): StoredRule | undefined {
    const row = this.db.get('SELECT * FROM alert_rules WHERE id = ?', id) as Row | undefined
    return row && ruleOf(row)
  }
  addRule(rule: AlertRuleInput): StoredRule {
    const row = this.db.get(
      `INSERT INTO alert_rules (name, kind, model, threshold, for_seconds, severity, enabled)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      ...ruleValues(rule),
    ) as Row
    return ruleOf(row)
  }
  setRule(id: number, rule: AlertRuleInput): StoredRule | undefined {
    const row = this.db.get(
      `UPDATE alert_rules SET name = ?, kind = ?, model = ?, threshold = ?, for_seconds = ?, severity = ?,
         enabled = ? WHERE id = ? RETURNING *`,
      ...ruleValues(rule),
      id,
    ) as Row | undefined
    return row && ruleOf(row)
  }
  removeRule(id: number): boolean {
    return this.db.run('DELETE FROM alert_rules WHERE id = ?', id).changes > 0
  }
  count(table: 'alert_rules' | 'alert_channels'): number {
    return (this.db.get(`SELECT COUNT(*) AS n FROM ${table}`) as { n: number }).n
  }

  channels(): StoredChannel[] {
    return (this.db.all('SELECT * FROM alert_channels ORDER BY id') as Row[]).map(storedChannelOf)
  }
  channel(id: number): StoredChannel | undefined {
    const row = this.db.get('SELECT * FROM alert_channels WHERE id = ?', id) as Row | undefined
    return row && storedChannelOf(row)
  }
  addChannel(channel: ChannelInput): StoredChannel {
    const row = this.db.get(
      `INSERT INTO alert_channels (name, kind, url, secret, email, allow_internal, enabled)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      channel.name,
      channel.kind,
      channel.url,
      channel.secret ? channel.secret : null,
      emailOf(channel),
      channel.allow_internal ? 1 : 0,
      channel.enabled ? 1 : 0,
    ) as Row
    return storedChannelOf(row)
  }
  /** Changes a channel; a secret left out stays, an empty one goes. */
  setChannel(id: number, channel: ChannelInput): StoredChannel | undefined {
    const row = this.db.get(
      `UPDATE alert_channels SET name = ?, kind = ?, url = ?, secret = ?, email = ?, allow_internal = ?,
         enabled = ? WHERE id = ? RETURNING *`,
      channel.name,
      channel.kind,
      channel.url,
      channel.secret === undefined ? (this.channel(id)?.secret ?? null) : channel.secret || null,
      emailOf(channel),
      channel.allow_internal ? 1 : 0,
      channel.enabled ? 1 : 0,
      id,
    ) as Row | undefined
    return row && storedChannelOf(row)
  }
  removeChannel(id: number): boolean {
    return this.db.run('DELETE FROM alert_channels WHERE id = ?', id).changes > 0
  }
  /** A channel as answered: never its secret, with its last delivery and what it still has to send. */
  channelOf(id: number): Channel | undefined {
    const row = this.db.get(
      `SELECT c.*, (SELECT COUNT(*) FROM alert_deliveries d WHERE d.channel_id = c.id) AS pending
       FROM alert_channels c WHERE c.id = ?`,
      id,
    ) as Row | undefined
    if (!row) return undefined
    const stored = storedChannelOf(row)
    return {
      id: stored.id,
      name: stored.name,
      kind: stored.kind,
      url: stored.url,
      has_secret: stored.secret !== null,
      email: stored.email,
      allow_internal: stored.allow_internal,
      enabled: stored.enabled,
      last_delivery:
        row.last_at === null
          ? null
          : {
              at: Number(row.last_at),
              ok: row.last_ok === 1,
              error: row.last_error === null ? null : String(row.last_error),
            },
      pending: Number(row.pending),
    }
  }
  /** What the last delivery of a channel came to. */
  delivered(channelId: number, at: number, error: string | null): void {
    this.db.run(
      'UPDATE alert_channels SET last_at = ?, last_ok = ?, last_error = ? WHERE id = ?',
      seconds(at),
      error === null ? 1 : 0,
      error,
      channelId,
    )
  }

  /** A message for a channel, to be sent at once and tried again until it is. */
  enqueue(channelId: number, body: string, now: number): void {
    this.db.run(
      'INSERT INTO alert_deliveries (channel_id, body, next_at, created_at) VALUES (?, ?, ?, ?)',
      channelId,
      body,
      now,
      now,
    )
  }
  due(now: number): Delivery[] {
    return this.db.all(
      'SELECT id, channel_id, body, attempts FROM alert_deliveries WHERE next_at <= ? ORDER BY id LIMIT 100',
      now,
    ) as unknown as Delivery[]
  }
  sent(id: number): void {
    this.db.run('DELETE FROM alert_deliveries WHERE id = ?', id)
  }
  retryAt(id: number, attempts: number, at: number): void {
    this.db.run('UPDATE alert_deliveries SET attempts = ?, next_at = ? WHERE id = ?', attempts, at, id)
  }

  /** Firing alerts, oldest first. */
  firing(): Alert[] {
    return (this.db.all("SELECT * FROM alerts WHERE state = 'firing' ORDER BY id") as Row[]).map(alertOf)
  }
  /** The inbox: the firing ones, or the newest INBOX_SIZE of any state. */
  list(state: 'firing' | 'all'): Alert[] {
    return state === 'firing'
      ? this.firing().reverse()
      : (this.db.all('SELECT * FROM alerts ORDER BY id DESC LIMIT ?', INBOX_SIZE) as Row[]).map(alertOf)
  }
  alert(id: number): Alert | undefined {
    const row = this.db.get('SELECT * FROM alerts WHERE id = ?', id) as Row | undefined
    return row && alertOf(row)
  }
  fire(rule: StoredRule, reading: Reading, summary: string, now: number): Alert {
    const row = this.db.get(
      `INSERT INTO alerts (rule_id, rule_name, kind, severity, model, model_type, subject, state, value, threshold,
         summary, fired_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'firing', ?, ?, ?, ?) RETURNING *`,
      rule.id,
      rule.name,
      rule.kind,
      rule.severity,
      reading.model,
      reading.modelType ?? null,
      reading.subject ?? null,
      reading.value,
      rule.threshold,
      summary,
      seconds(now),
    ) as Row
    this.db.run('DELETE FROM alerts WHERE id <= ?', Number(row.id) - ALERTS_KEPT)
    return alertOf(row)
  }
  resolve(id: number, summary: string, now: number): Alert | undefined {
    const row = this.db.get(
      `UPDATE alerts SET state = 'resolved', resolved_at = ?, summary = ? WHERE id = ? AND state = 'firing'
       RETURNING *`,
      seconds(now),
      summary,
      id,
    ) as Row | undefined
    return row && alertOf(row)
  }
  notified(id: number, now: number): void {
    this.db.run('UPDATE alerts SET notified_at = ? WHERE id = ?', seconds(now), id)
  }
  notifiedAt(id: number): number | null {
    const row = this.db.get('SELECT notified_at FROM alerts WHERE id = ?', id) as Row | undefined
    return row?.notified_at === null || row === undefined ? null : Number(row.notified_at) * 1000
  }
  acknowledge(id: number, by: string): Alert | undefined {
    const row = this.db.get('UPDATE alerts SET acknowledged_by = ? WHERE id = ? RETURNING *', by, id) as
      Row | undefined
    return row && alertOf(row)
  }
  silence(id: number, until: number): Alert | undefined {
    const row = this.db.get(
      'UPDATE alerts SET silenced_until = ? WHERE id = ? RETURNING *',
      seconds(until),
      id,
    ) as Row | undefined
    return row && alertOf(row)
  }
}

const emailOf = (channel: ChannelInput) =>
  channel.kind === 'email' && channel.email ? JSON.stringify(channel.email) : null

const ruleValues = (rule: AlertRuleInput) =>
  [
    rule.name,
    rule.kind,
    rule.model,
    rule.threshold,
    rule.for_seconds,
    rule.severity,
    rule.enabled ? 1 : 0,
  ] as const
