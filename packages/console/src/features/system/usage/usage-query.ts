import type { UsageRow, WorkerRow } from '@serving-console/contract'

/** The periods the page shows, each with the step its rows and chart are counted in. */
export const PERIODS = {
  day: { hours: 24, step: 'hour' },
  week: { hours: 24 * 7, step: 'day' },
  month: { hours: 24 * 30, step: 'day' },
} as const
export type Period = keyof typeof PERIODS

export interface UsageFilters {
  period: Period
  user: string
  /** An API key's id, or '' for every key (and none). */
  keyId: string
  model: string
}
export const NO_FILTERS: UsageFilters = { period: 'day', user: '', keyId: '', model: '' }

/** The usage route's query for the filters, the period ending now (`now`, ms). */
export function usageQueryString(filters: UsageFilters, now: number): string {
  const { hours, step } = PERIODS[filters.period]
  // From the start of the step, so the first hour or day is whole.
  const stepMs = step === 'hour' ? 3_600_000 : 86_400_000
  const since = Math.floor((now - hours * 3_600_000) / stepMs + 1) * stepMs
  const query = new URLSearchParams({ since: String(since / 1000), step })
  if (filters.user.trim()) query.set('user', filters.user.trim())
  if (filters.keyId) query.set('key_id', filters.keyId)
  if (filters.model.trim()) query.set('model', filters.model.trim())
  return query.toString()
}

/** The period's steps (their starts, Unix seconds), oldest first: the chart's bars, empty ones included. */
export function stepsOf(filters: UsageFilters, now: number): number[] {
  const query = new URLSearchParams(usageQueryString(filters, now))
  const since = Number(query.get('since'))
  const size = PERIODS[filters.period].step === 'hour' ? 3600 : 86_400
  const steps: number[] = []
  for (let at = since; at * 1000 <= now; at += size) steps.push(at)
  return steps
}

/** The rows' figures summed. */
export function totalsOf(rows: readonly UsageRow[]) {
  return rows.reduce(
    (sum, row) => ({
      requests: sum.requests + row.requests,
      errors: sum.errors + row.errors,
      refused: sum.refused + row.refused,
      prompt: sum.prompt + row.prompt_tokens,
      generated: sum.generated + row.generated_tokens,
    }),
    { requests: 0, errors: 0, refused: 0, prompt: 0, generated: 0 },
  )
}

/** One model's figures over the whole period. */
export interface ModelTotals {
  model: string
  requests: number
  tokens: number
  busySeconds: number
  workerSeconds: number
  gpuSeconds: number
}

/**
 * Each model's figures over the period — its requests, tokens and busy time from the rows, its worker and GPU
 * time from `workers` — most worker time first, then most tokens.
 */
export function byModel(rows: readonly UsageRow[], workers: readonly WorkerRow[]): ModelTotals[] {
  const models = new Map<string, ModelTotals>()
  const of = (model: string) => {
    let totals = models.get(model)
    if (!totals) {
      totals = { model, requests: 0, tokens: 0, busySeconds: 0, workerSeconds: 0, gpuSeconds: 0 }
      models.set(model, totals)
    }
    return totals
  }
  for (const row of rows) {
    const totals = of(row.model)
    totals.requests += row.requests
    totals.tokens += row.prompt_tokens + row.generated_tokens
    totals.busySeconds += row.busy_seconds
  }
  for (const row of workers) {
    const totals = of(row.model)
    totals.workerSeconds += row.worker_seconds
    totals.gpuSeconds += row.gpu_seconds
  }
  return [...models.values()].sort(
    (a, b) => b.workerSeconds - a.workerSeconds || b.tokens - a.tokens || a.model.localeCompare(b.model),
  )
}

/** Tokens (prompt and generated) per step, for the chart. */
export function tokensPerStep(rows: readonly UsageRow[], steps: readonly number[]): number[] {
  const byStep = new Map<number, number>()
  for (const row of rows)
    byStep.set(row.at, (byStep.get(row.at) ?? 0) + row.prompt_tokens + row.generated_tokens)
  return steps.map((at) => byStep.get(at) ?? 0)
}

const CSV_COLUMNS: readonly (keyof UsageRow)[] = [
  'at',
  'user',
  'key_id',
  'key_name',
  'model',
  'requests',
  'errors',
  'refused',
  'prompt_tokens',
  'generated_tokens',
  'first_token_ms_p50',
  'first_token_ms_p95',
  'duration_ms_p50',
  'duration_ms_p95',
  'busy_seconds',
]

/** A CSV field: quoted where it must be, and never read as a formula by a spreadsheet. */
function field(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The rows as CSV, with the wire's column names; `at` as an ISO time (UTC). */
export function usageCsv(rows: readonly UsageRow[]): string {
  const lines = [CSV_COLUMNS.join(',')]
  for (const row of rows)
    lines.push(
      CSV_COLUMNS.map((column) =>
        column === 'at' ? new Date(row.at * 1000).toISOString() : field(row[column]),
      ).join(','),
    )
  return `${lines.join('\r\n')}\r\n`
}
