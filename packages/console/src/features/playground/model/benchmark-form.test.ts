import type { BenchmarkReport } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { defaultForm, formErrors, levelsOf, reportsCsv } from './benchmark-form'

describe("the benchmark form's checks", () => {
  it('reads levels separated by commas or spaces, each 1–64, 8 at most', () => {
    expect(levelsOf('1, 2,4 8')).toEqual([1, 2, 4, 8])
    expect(levelsOf('')).toBeNull()
    expect(levelsOf('0')).toBeNull()
    expect(levelsOf('65')).toBeNull()
    expect(levelsOf('1.5')).toBeNull()
    expect(levelsOf('1 2 3 4 5 6 7 8 9')).toBeNull()
  })

  it('names each field out of bounds, and a run of more than 5,000 requests in all', () => {
    expect(formErrors(defaultForm('LLM'))).toEqual({})
    expect(formErrors({ ...defaultForm('LLM'), requests: '1001', maxTokens: '0' })).toEqual({
      requests: true,
      maxTokens: true,
    })
    expect(formErrors({ ...defaultForm('LLM'), concurrency: '1 2 4 8 16 32', requests: '1000' })).toEqual({
      total: true,
    })
    // An embeddings batch asks no answer length.
    expect(formErrors({ ...defaultForm('embedding'), maxTokens: '' })).toEqual({})
  })

  it('writes one CSV row a level, its empty figures as empty cells', () => {
    const none = { p50: null, p95: null, p99: null }
    const level = {
      concurrency: 2,
      requests: 4,
      errors: 0,
      first_error: null,
      seconds: 1.23456,
      requests_per_second: 3.24,
      ttft_ms: { p50: 10, p95: 20, p99: 30 },
      itl_ms: none,
      latency_ms: { p50: 11, p95: 21, p99: 31 },
      tokens: 40,
      tokens_per_second: 32.4,
      tokens_per_second_per_user: null,
    }
    const csv = reportsCsv([{ id: 7, levels: [level] } as unknown as BenchmarkReport])
    const [header, row] = csv.trim().split('\n')
    expect(header?.split(',')).toHaveLength(18)
    expect(row).toBe('7,2,4,0,1.235,3.24,10,20,30,,,,11,21,31,40,32.4,')
  })
})
