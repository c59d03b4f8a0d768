import { USAGE_MAX_ROWS, type UsageRow, type WorkerRow } from '@serving-console/contract'
import type { Db } from '../db/database.js'

/**
 * The edges (ms) of the histograms usage keeps of first-token times and durations: a percentile is read within
 * its bucket, so it is as exact as the bucket is narrow (docs/quotas.md). The last bucket is open.
 */
export const EDGES_MS = [25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 60_000] as const
const BUCKETS = EDGES_MS.length + 1
const HOUR_MS = 3_600_000
/** How long usage is kept: a year and a month, so "this month last year" still answers. */
export const USAGE_KEPT_DAYS = 400

const columns = (prefix: string) => Array.from({ length: BUCKETS }, (_, index) => `${prefix}${String(index)}`)
const FIRST_TOKEN = columns('ft')
const DURATION = columns('du')
const COUNTED = [
  'requests',
  'errors',
  'refused',
  'prompt_tokens',
  'generated_tokens',
  'busy_ms',
  ...FIRST_TOKEN,
  ...DURATION,
]

/** The usage table's columns after its key (hour, user, user_id, key_id, model), for the migration. */
export const USAGE_COLUMNS_SQL = COUNTED.map(
  (name) => `${name} ${name === 'busy_ms' ? 'REAL' : 'INTEGER'} NOT NULL DEFAULT 0`,
).join(',\n     ')

/** One request as usage counts it. */
export interface Counted {
  at: number
  user: string
  userId: number
  keyId: number
  model: string
  /** Refused for a limit before a model took it: counted as refused only. */
  refused?: boolean
  ok: boolean
  promptTokens: number
  generatedTokens: number
  firstTokenMs: number | null
  durationMs: number
}

const bucketOf = (ms: number) => {
  const index = EDGES_MS.findIndex((edge) => ms <= edge)
  return index === -1 ? EDGES_MS.length : index
}

/** The `p`-th percentile (0–1) of a histogram, read linearly within its bucket; null when it is empty. */
export function percentile(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0)
  if (total === 0) return null
  const rank = p * total
  let below = 0
  for (let index = 0; index < histogram.length; index++) {
    const count = histogram[index] ?? 0
    if (below + count >= rank && count > 0) {
      const low = index === 0 ? 0 : (EDGES_MS[index - 1] ?? 0)
      const high = EDGES_MS[index]
      // The open bucket says its lower edge: "at least this".
      if (high === undefined) return low
      return Math.round(low + ((rank - below) / count) * (high - low))
    }
    below += count
  }
  return EDGES_MS.at(-1) ?? null
}

/**
 * Usage per hour, user, key and model in SQLite: each request is one upsert of increments into its hour's row (one
 * indexed write, correct whatever else is in flight, nothing held in memory to lose on a kill), and rows older than
 * USAGE_KEPT_DAYS go once an hour.
 */
export class UsageStore {
  private readonly upsert: string
  private pruned = 0

  constructor(private readonly db: Db) {
    const all = ['hour', 'user', 'user_id', 'key_id', 'model', ...COUNTED]
    this.upsert = `INSERT INTO usage_hours (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})
      ON CONFLICT (hour, user, key_id, model) DO UPDATE SET ${COUNTED.map((name) => `${name} = ${name} + excluded.${name}`).join(', ')}`
  }

  record(counted: Counted): void {
    const hour = Math.floor(counted.at / HOUR_MS) * HOUR_MS
    const firstToken = new Array<number>(BUCKETS).fill(0)
    const duration = new Array<number>(BUCKETS).fill(0)
    const refused = counted.refused === true
    if (!refused) {
      if (counted.firstTokenMs !== null) firstToken[bucketOf(counted.firstTokenMs)] = 1
      duration[bucketOf(counted.durationMs)] = 1
    }
    this.db.run(
      this.upsert,
      hour / 1000,
      counted.user,
      counted.userId,
      counted.keyId,
      counted.model,
      refused ? 0 : 1,
      !refused && !counted.ok ? 1 : 0,
      refused ? 1 : 0,
      counted.promptTokens,
      counted.generatedTokens,
      refused ? 0 : counted.durationMs,
      ...firstToken,
      ...duration,
    )
    this.prune(hour)
  }

  /** Adds worker time to `model`'s hour that holds `at` (ms): `workerMs` of processes, `gpuMs` of GPUs. */
  recordWorkerTime(at: number, model: string, workerMs: number, gpuMs: number): void {
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS
    this.db.run(
      `INSERT INTO model_hours (hour, model, worker_ms, gpu_ms) VALUES (?, ?, ?, ?)
       ON CONFLICT (hour, model) DO UPDATE SET worker_ms = worker_ms + excluded.worker_ms,
         gpu_ms = gpu_ms + excluded.gpu_ms`,
      hour / 1000,
      model,
      workerMs,
      gpuMs,
    )
    this.prune(hour)
  }

  private prune(hour: number) {
    if (hour <= this.pruned) return
    this.pruned = hour
    const before = (hour - USAGE_KEPT_DAYS * 24 * HOUR_MS) / 1000
    this.db.run('DELETE FROM usage_hours WHERE hour < ?', before)
    this.db.run('DELETE FROM model_hours WHERE hour < ?', before)
  }

  /** Tokens (prompt and generated) a user, key or model used since `since` (ms): what a budget counts. */
  tokensSince(subject: { user_id: number } | { key_id: number } | { model: string }, since: number): number {
    const [column, value]: [string, number | string] =
      'user_id' in subject
        ? ['user_id', subject.user_id]
        : 'key_id' in subject
          ? ['key_id', subject.key_id]
          : ['model', subject.model]
    const row = this.db.get(
      `SELECT COALESCE(SUM(prompt_tokens + generated_tokens), 0) AS tokens FROM usage_hours
       WHERE hour >= ? AND ${column} = ?`,
      Math.floor(since / HOUR_MS) * (HOUR_MS / 1000),
      value,
    ) as { tokens: number }
    return row.tokens
  }

  /**
   * Usage from `since` to `until` (ms), by step (hour or day), user, key and model, filtered; each row's key named
   * (null where the key is gone). At most USAGE_MAX_ROWS rows, newest first.
   */
  query(question: {
    since: number
    until: number
    step: 'hour' | 'day'
    user?: string | undefined
    keyId?: number | undefined
    model?: string | undefined
    /** Whether to answer each model's worker time too (it is no one user's). */
    workers: boolean
  }): { rows: UsageRow[]; workers: WorkerRow[]; truncated: boolean } {
    const step = question.step === 'day' ? 86_400 : 3600
    const where = ['u.hour >= ?', 'u.hour < ?']
    const params: (string | number)[] = [Math.floor(question.since / 1000), Math.ceil(question.until / 1000)]
    if (question.user !== undefined) {
      where.push('u.user = ?')
      params.push(question.user)
    }
    if (question.keyId !== undefined) {
      where.push('u.key_id = ?')
      params.push(question.keyId)
    }
    if (question.model !== undefined) {
      where.push('u.model = ?')
      params.push(question.model)
    }
    const rows = this.db.all(
      `SELECT (u.hour / ${String(step)}) * ${String(step)} AS at, u.user, u.key_id, k.name AS key_name, u.model,
         ${COUNTED.map((name) => `SUM(u.${name}) AS ${name}`).join(', ')}
       FROM usage_hours u LEFT JOIN api_keys k ON k.id = u.key_id
       WHERE ${where.join(' AND ')}
       GROUP BY at, u.user, u.key_id, u.model
       ORDER BY at DESC, u.user, u.key_id, u.model
       LIMIT ?`,
      ...params,
      USAGE_MAX_ROWS + 1,
    ) as Record<string, number | string | null>[]
    const workers = question.workers ? this.workerRows(question, step) : []
    const truncated = rows.length > USAGE_MAX_ROWS || workers.length > USAGE_MAX_ROWS
    return {
      truncated,
      workers: workers.slice(0, USAGE_MAX_ROWS),
      rows: rows.slice(0, USAGE_MAX_ROWS).map((row) => {
        const firstToken = FIRST_TOKEN.map((name) => Number(row[name]))
        const duration = DURATION.map((name) => Number(row[name]))
        return {
          at: Number(row.at),
          user: String(row.user),
          key_id: Number(row.key_id),
          key_name: row.key_name === null || row.key_name === undefined ? null : String(row.key_name),
          model: String(row.model),
          requests: Number(row.requests),
          errors: Number(row.errors),
          refused: Number(row.refused),
          prompt_tokens: Number(row.prompt_tokens),
          generated_tokens: Number(row.generated_tokens),
          first_token_ms_p50: percentile(firstToken, 0.5),
          first_token_ms_p95: percentile(firstToken, 0.95),
          duration_ms_p50: percentile(duration, 0.5),
          duration_ms_p95: percentile(duration, 0.95),
          busy_seconds: Math.round(Number(row.busy_ms) / 100) / 10,
        }
      }),
    }
  }

  private workerRows(
    question: { since: number; until: number; model?: string | undefined },
    step: number,
  ): WorkerRow[] {
    const model = question.model === undefined ? '' : 'AND model = ?'
    const rows = this.db.all(
      `SELECT (hour / ${String(step)}) * ${String(step)} AS at, model, SUM(worker_ms) AS worker_ms,
         SUM(gpu_ms) AS gpu_ms
       FROM model_hours WHERE hour >= ? AND hour < ? ${model}
       GROUP BY at, model ORDER BY at DESC, model LIMIT ?`,
      Math.floor(question.since / 1000),
      Math.ceil(question.until / 1000),
      ...(question.model === undefined ? [] : [question.model]),
      USAGE_MAX_ROWS + 1,
    ) as { at: number; model: string; worker_ms: number; gpu_ms: number }[]
    const seconds = (ms: number) => Math.round(ms / 100) / 10
    return rows.map((row) => ({
      at: row.at,
      model: row.model,
      worker_seconds: seconds(row.worker_ms),
      gpu_seconds: seconds(row.gpu_ms),
    }))
  }
}
