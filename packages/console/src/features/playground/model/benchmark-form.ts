import { BENCHMARK_LIMITS, type BenchmarkPreset, type BenchmarkReport } from '@serving-console/contract'

/** The form's fields as typed. */
export interface BenchmarkForm {
  preset: BenchmarkPreset
  concurrency: string
  requests: string
  maxTokens: string
}

export const presetsFor = (modelType: string): BenchmarkPreset[] =>
  modelType === 'embedding' ? ['embeddings_batch'] : ['short_chat', 'long_context']

export const defaultForm = (modelType: string): BenchmarkForm => ({
  preset: presetsFor(modelType)[0] ?? 'short_chat',
  concurrency: '1, 2, 4, 8',
  requests: '16',
  maxTokens: '64',
})

const wholeIn = (text: string, low: number, high: number): number | null => {
  const value = Number(text.trim())
  return text.trim() !== '' && Number.isInteger(value) && value >= low && value <= high ? value : null
}

/** The levels typed (`1, 2, 4, 8`), or null when one is not a whole number in bounds, or there are too many. */
export function levelsOf(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean)
  const levels = parts.map((part) => wholeIn(part, 1, BENCHMARK_LIMITS.concurrency))
  if (
    levels.length === 0 ||
    levels.length > BENCHMARK_LIMITS.levels ||
    levels.some((level) => level === null)
  )
    return null
  return levels as number[]
}

/** Which fields are wrong (each with the bound it breaks), from what is typed. */
export function formErrors(
  form: BenchmarkForm,
): Partial<Record<'concurrency' | 'requests' | 'maxTokens' | 'total', true>> {
  const levels = levelsOf(form.concurrency)
  const requests = wholeIn(form.requests, 1, BENCHMARK_LIMITS.requestsPerLevel)
  return {
    ...(levels ? {} : { concurrency: true }),
    ...(requests === null ? { requests: true } : {}),
    ...(form.preset !== 'embeddings_batch' && wholeIn(form.maxTokens, 1, BENCHMARK_LIMITS.maxTokens) === null
      ? { maxTokens: true }
      : {}),
    ...(levels && requests !== null && levels.length * requests > BENCHMARK_LIMITS.requestsInAll
      ? { total: true }
      : {}),
  }
}

/** A report's settings as the form types them: Re-run starts from them. */
export const formOf = (report: BenchmarkReport): BenchmarkForm => ({
  preset: report.settings.preset,
  concurrency: report.settings.concurrency.join(', '),
  requests: String(report.settings.requests_per_level),
  maxTokens: String(report.settings.max_tokens ?? 64),
})

const CSV_COLUMNS = [
  'report',
  'concurrency',
  'requests',
  'errors',
  'seconds',
  'requests_per_second',
  'ttft_p50_ms',
  'ttft_p95_ms',
  'ttft_p99_ms',
  'itl_p50_ms',
  'itl_p95_ms',
  'itl_p99_ms',
  'latency_p50_ms',
  'latency_p95_ms',
  'latency_p99_ms',
  'tokens',
  'tokens_per_second',
  'tokens_per_second_per_user',
] as const

const cell = (value: number | null) => (value === null ? '' : String(Math.round(value * 1000) / 1000))

/** Reports' levels as CSV, one row a level, for a spreadsheet. */
export function reportsCsv(reports: readonly BenchmarkReport[]): string {
  const rows = reports.flatMap((report) =>
    report.levels.map((level) =>
      [
        String(report.id),
        cell(level.concurrency),
        cell(level.requests),
        cell(level.errors),
        cell(level.seconds),
        cell(level.requests_per_second),
        cell(level.ttft_ms.p50),
        cell(level.ttft_ms.p95),
        cell(level.ttft_ms.p99),
        cell(level.itl_ms.p50),
        cell(level.itl_ms.p95),
        cell(level.itl_ms.p99),
        cell(level.latency_ms.p50),
        cell(level.latency_ms.p95),
        cell(level.latency_ms.p99),
        cell(level.tokens),
        cell(level.tokens_per_second),
        cell(level.tokens_per_second_per_user),
      ].join(','),
    ),
  )
  return [CSV_COLUMNS.join(','), ...rows].join('\n') + '\n'
}
