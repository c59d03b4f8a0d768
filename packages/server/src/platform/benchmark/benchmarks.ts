import type {
  BenchmarkLevel,
  BenchmarkReport,
  BenchmarkRequest,
  BenchmarkState,
  Percentiles,
} from '@serving-console/contract'
import type { Db } from '../db/database.js'
import { percentile } from '../runtime/model-usage.js'
import { HttpError } from '../../http/http-error.js'
import { measure, requestOf, type Measured } from './load.js'

/**
 * What a run needs of the server whose model it measures: the platform's own models (`platform-target.ts`) and
 * those of the clusters it holds (`clusters/benchmark-target.ts`), or a cluster's behind the gateway
 * (`gateway/benchmark-target.ts`). Each is asked with the starter's credential.
 */
export interface BenchmarkTarget {
  /** The model as its running row tells it (kind, launch settings); null when it is not running and ready. */
  model(uid: string, headers: Record<string, string>): Promise<BenchmarkModel | null>
  /** The machine the model `uid` runs on, as the report records it. */
  machine(uid: string, headers: Record<string, string>): Promise<BenchmarkReport['machine']>
}
export type BenchmarkModel = BenchmarkReport['model'] & { context_length?: number | null }

type Row = Record<string, string | number | null>

/** The reports listed. */
const LISTED = 200
/**
 * The reports kept: each start past it forgets the oldest finished ones (a report is a few KiB; without a bound, a
 * script starting runs would fill the disk).
 */
export const BENCHMARK_REPORTS_KEPT = 1000
/** What a chat preset's answers are at most, unless the run says. */
const DEFAULT_MAX_TOKENS = 64

const percentiles = (values: number[]): Percentiles => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
})

/** A level's figures from its requests' measurements, over `seconds`. */
export function levelOf(concurrency: number, measured: Measured[], seconds: number): BenchmarkLevel {
  const ok = measured.filter((one) => one.ok)
  const tokens = ok.reduce((sum, one) => sum + one.tokens, 0)
  const perUser = ok.flatMap((one) =>
    one.firstMs !== null && one.gapsMs.length > 0 && one.totalMs > one.firstMs
      ? [one.tokens / ((one.totalMs - one.firstMs) / 1000)]
      : [],
  )
  return {
    concurrency,
    requests: measured.length,
    errors: measured.length - ok.length,
    first_error: measured.find((one) => !one.ok)?.error ?? null,
    seconds,
    requests_per_second: seconds > 0 ? ok.length / seconds : 0,
    ttft_ms: percentiles(ok.flatMap((one) => (one.firstMs === null ? [] : [one.firstMs]))),
    itl_ms: percentiles(ok.flatMap((one) => one.gapsMs)),
    latency_ms: percentiles(ok.map((one) => one.totalMs)),
    tokens,
    tokens_per_second: seconds > 0 ? tokens / seconds : 0,
    tokens_per_second_per_user:
      perUser.length > 0 ? perUser.reduce((a, b) => a + b, 0) / perUser.length : null,
  }
}

/**
 * Benchmarks (docs/benchmarks.md): a running model measured by the server itself, with real requests to its own
 * OpenAI-compatible routes — so limits, usage and the audit count them as any client's — at each concurrency
 * level in turn, with the credential of whoever started it (held in memory for the run, never stored). One run a
 * model at a time; a report is written as each level ends, so a stop, a terminated model or a restart keeps the
 * levels it finished.
 */
export class Benchmarks {
  private readonly running = new Map<number, { controller: AbortController; done: number }>()

  constructor(
    private readonly db: Db,
    private readonly target: BenchmarkTarget,
    private readonly kept = BENCHMARK_REPORTS_KEPT,
  ) {
    // A run the server did not finish (stopped or killed): its levels stay, said as such.
    this.db.run(
      "UPDATE benchmarks SET state = 'stopped', reason = ?, finished_at = ? WHERE state = 'running'",
      'The server stopped during the run: the levels it finished are kept',
      Date.now(),
    )
  }

  list(): BenchmarkReport[] {
    return (this.db.all('SELECT * FROM benchmarks ORDER BY id DESC LIMIT ?', LISTED) as Row[]).map((row) =>
      this.reportOf(row),
    )
  }

  get(id: number): BenchmarkReport {
    return this.reportOf(this.row(id))
  }

  /**
   * Starts a run against `base` (this server's own address) with `headers` (the caller's credential): 409 while the
   * model has one running, 400 for a model that is not running or a preset its kind does not answer.
   */
  async start(
    settings: BenchmarkRequest,
    base: string,
    headers: Record<string, string>,
    by: string | null,
  ): Promise<BenchmarkReport> {
    const model = await this.target.model(settings.model_uid, headers)
    if (!model)
      throw new HttpError(
        400,
        `No running model ${settings.model_uid}: launch it (and wait until it is ready) first`,
      )
    const embedding = settings.preset === 'embeddings_batch'
    if (embedding !== (model.model_type === 'embedding') || (!embedding && model.model_type !== 'LLM'))
      throw new HttpError(
        400,
        `The preset ${settings.preset} does not fit ${settings.model_uid}, a ${model.model_type} model: chat presets need a chat model, embeddings_batch an embedding model`,
      )
    const machine = await this.target.machine(settings.model_uid, headers)
    // Checked after the awaits, right before the insert: two starts at once cannot both pass.
    const busy = this.db.get(
      "SELECT id FROM benchmarks WHERE model_uid = ? AND state = 'running'",
      settings.model_uid,
    ) as Row | undefined
    if (busy)
      throw new HttpError(
        409,
        `${settings.model_uid} has a benchmark running (${String(busy.id)}): stop it or wait`,
      )
    const total = settings.concurrency.length * settings.requests_per_level
    const id = (
      this.db.get(
        `INSERT INTO benchmarks (model_uid, state, settings, model, machine, total, started_by, created_at)
           VALUES (?, 'running', ?, ?, ?, ?, ?, ?) RETURNING id`,
        settings.model_uid,
        JSON.stringify(settings),
        JSON.stringify(model),
        JSON.stringify(machine),
        total,
        by,
        Date.now(),
      ) as { id: number }
    ).id
    this.db.run(
      `DELETE FROM benchmarks WHERE state <> 'running' AND id NOT IN
         (SELECT id FROM benchmarks ORDER BY id DESC LIMIT ?)`,
      this.kept,
    )
    const run = { controller: new AbortController(), done: 0 }
    this.running.set(id, run)
    const request = requestOf(
      settings.preset,
      settings.model_uid,
      settings.max_tokens ?? DEFAULT_MAX_TOKENS,
      model.context_length ?? null,
    )
    void this.run(id, settings, run, base, request, headers)
    return this.get(id)
  }

  /** Stops a running benchmark; the levels it finished stay. */
  stop(id: number): BenchmarkReport {
    const row = this.row(id)
    if (row.state !== 'running')
      throw new HttpError(409, `Benchmark ${id} is ${String(row.state)}: only a running one stops`)
    this.finish(id, 'stopped', 'Stopped: the levels it finished are kept')
    this.running.get(id)?.controller.abort()
    return this.get(id)
  }

  delete(id: number): void {
    const row = this.row(id)
    if (row.state === 'running') throw new HttpError(409, `Benchmark ${id} is running: stop it first`)
    this.db.run('DELETE FROM benchmarks WHERE id = ?', id)
  }

  /** Stops every run (the server closing): each keeps the levels it finished. */
  close(): void {
    for (const [id, run] of this.running) {
      this.finish(id, 'stopped', 'The server stopped during the run: the levels it finished are kept')
      run.controller.abort()
    }
  }

  private async run(
    id: number,
    settings: BenchmarkRequest,
    run: { controller: AbortController; done: number },
    base: string,
    request: { path: string; body: Record<string, unknown> },
    headers: Record<string, string>,
  ): Promise<void> {
    const { signal } = run.controller
    // Read afresh after each await: a stop or a terminated model aborts it meanwhile.
    const stopped = () => signal.aborted
    const levels: BenchmarkLevel[] = []
    try {
      for (const concurrency of settings.concurrency) {
        const measured: Measured[] = []
        let sent = 0
        const started = performance.now()
        const user = async () => {
          while (sent < settings.requests_per_level && !stopped()) {
            sent++
            const one = await measure(base, request, headers, signal)
            if (stopped()) return
            measured.push(one)
            run.done++
            // A failure because the model is gone (terminated mid-run) ends the run; others are the level's errors.
            if (!one.ok && !(await this.stillRunning(settings.model_uid, headers))) {
              this.finish(
                id,
                'failed',
                `The model ${settings.model_uid} was terminated during the run: the levels it finished are kept`,
              )
              run.controller.abort()
              return
            }
          }
        }
        await Promise.all(Array.from({ length: concurrency }, user))
        if (stopped()) return
        levels.push(levelOf(concurrency, measured, (performance.now() - started) / 1000))
        this.db.run('UPDATE benchmarks SET levels = ? WHERE id = ?', JSON.stringify(levels), id)
      }
      this.finish(id, 'completed', null)
    } catch (error) {
      this.finish(id, 'failed', (error as Error).message)
    } finally {
      this.running.delete(id)
    }
  }

  /** Whether the model still runs; a server that cannot say leaves the run going (its failures are errors). */
  private async stillRunning(uid: string, headers: Record<string, string>): Promise<boolean> {
    try {
      return (await this.target.model(uid, headers)) !== null
    } catch {
      return true
    }
  }

  /** Ends a run once: the first outcome stays. */
  private finish(id: number, state: BenchmarkState, reason: string | null): void {
    this.db.run(
      "UPDATE benchmarks SET state = ?, reason = ?, finished_at = ? WHERE id = ? AND state = 'running'",
      state,
      reason,
      Date.now(),
      id,
    )
  }

  private row(id: number): Row {
    const row = this.db.get('SELECT * FROM benchmarks WHERE id = ?', id) as Row | undefined
    if (!row) throw new HttpError(404, `No benchmark ${id}`)
    return row
  }

  private reportOf(row: Row): BenchmarkReport {
    const id = Number(row.id)
    const levels = JSON.parse(String(row.levels)) as BenchmarkLevel[]
    const settings = JSON.parse(String(row.settings)) as BenchmarkRequest
    const done = this.running.get(id)?.done ?? levels.reduce((sum, level) => sum + level.requests, 0)
    return {
      id,
      state: row.state as BenchmarkState,
      reason: row.reason === null ? null : String(row.reason),
      settings,
      model: JSON.parse(String(row.model)) as BenchmarkReport['model'],
      machine: JSON.parse(String(row.machine)) as BenchmarkReport['machine'],
      done,
      total: Number(row.total),
      levels,
      started_by: row.started_by === null ? null : String(row.started_by),
      created_at: Math.floor(Number(row.created_at) / 1000),
      finished_at: row.finished_at === null ? null : Math.floor(Number(row.finished_at) / 1000),
    }
  }
}
