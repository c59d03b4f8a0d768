import type { UsageRow } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { byModel, usageCsv } from './usage-query'

const row = (model: string, user: string, tokens: number, busy: number): UsageRow => ({
  at: 1_795_000_000,
  user,
  key_id: 0,
  key_name: null,
  model,
  requests: 2,
  errors: 0,
  refused: 0,
  prompt_tokens: tokens,
  generated_tokens: tokens,
  first_token_ms_p50: 40,
  first_token_ms_p95: 90,
  duration_ms_p50: 300,
  duration_ms_p95: 900,
  busy_seconds: busy,
})

describe('byModel', () => {
  it("sums each model's rows and adds its worker time, most worker time first", () => {
    const models = byModel(
      [row('chat', 'alice', 10, 1.5), row('chat', 'bob', 5, 0.5), row('embed', 'alice', 100, 3)],
      [
        { at: 1_795_000_000, model: 'chat', worker_seconds: 3600, gpu_seconds: 0 },
        { at: 1_795_003_600, model: 'chat', worker_seconds: 1800, gpu_seconds: 0 },
        { at: 1_795_000_000, model: 'idle', worker_seconds: 7200, gpu_seconds: 7200 },
      ],
    )
    expect(models).toEqual([
      { model: 'idle', requests: 0, tokens: 0, busySeconds: 0, workerSeconds: 7200, gpuSeconds: 7200 },
      { model: 'chat', requests: 4, tokens: 30, busySeconds: 2, workerSeconds: 5400, gpuSeconds: 0 },
      { model: 'embed', requests: 2, tokens: 200, busySeconds: 3, workerSeconds: 0, gpuSeconds: 0 },
    ])
  })
})

describe('usageCsv', () => {
  it('writes the wire names, an ISO time, and no field a spreadsheet would run', () => {
    const csv = usageCsv([row('=cmd', 'al,ice', 1, 0)])
    const [head, line] = csv.split('\r\n')
    expect(head?.split(',')[0]).toBe('at')
    expect(line).toContain(new Date(1_795_000_000_000).toISOString())
    expect(line).toContain('"al,ice"')
    expect(line).toContain("'=cmd")
  })
})
