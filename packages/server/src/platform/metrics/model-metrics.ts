import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { generates, type RequestOutcome } from '../runtime/request-outcome.js'

/**
 * The platform's Prometheus metrics, under Xinference's own names and labels (its worker exporter's, as recorded
 * from v3.2.1 in fixtures/xinference-recorded), so dashboards built for Xinference read this platform too; with
 * Node's process figures (`process_*`, `nodejs_*`). What each means: docs/metrics.md.
 */

/** Who served a request, as Xinference labels it. */
export interface ReplicaLabels {
  model_uid: string
  model_name: string
  model_type: string
  replica_index: string
  engine: string
  format: string
  quantization: string
  worker_address: string
  gpu_index: string
}
const LABELS = [
  'model_uid',
  'model_name',
  'model_type',
  'replica_index',
  'engine',
  'format',
  'quantization',
  'worker_address',
  'gpu_index',
] as const
const WITH_STREAM = [...LABELS, 'stream'] as const

/** One replica's load at scrape time. */
export interface ReplicaLoad {
  labels: ReplicaLabels
  /** Requests it is serving. */
  serving: number
  /** Requests waiting for one of its places. */
  queued: number
  /** Requests it serves at once (`n_parallel`). */
  parallel: number
  /** The launch's `request_limits`; -1 when none, as Xinference writes it. */
  limit: number
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300]

/** The gauges of each replica's load: name, help, and the figure of `ReplicaLoad` each reads. */
const LOAD_GAUGES: [name: string, help: string, figure: Exclude<keyof ReplicaLoad, 'labels'>][] = [
  ['xinference:model_serve_count', 'Number of requests currently being served.', 'serving'],
  [
    'serving_console:model_queued_requests',
    'Requests waiting for a place on the replica (beyond n_parallel).',
    'queued',
  ],
  ['serving_console:model_parallel', 'Requests the replica serves at once (n_parallel).', 'parallel'],
  ['xinference:model_request_limit', 'Maximum concurrent request limit for the model.', 'limit'],
]

/** The request meters: each one's name, help and labels, as Xinference's exporter writes them. */
const METERS = {
  requests: ['xinference:model_request_total', 'Total number of model requests.', WITH_STREAM],
  errors: ['xinference:model_request_errors_total', 'Total number of failed model requests.', WITH_STREAM],
  duration: ['xinference:model_request_duration_seconds', 'Model request duration in seconds.', LABELS],
  firstToken: [
    'xinference:time_to_first_token_seconds',
    'Time to first token in seconds (LLM only).',
    WITH_STREAM,
  ],
  inputTokens: ['xinference:input_tokens_total_counter', 'Total number of input tokens.', LABELS],
  outputTokens: [
    'xinference:output_tokens_total_counter',
    'Total number of output tokens (LLM only).',
    LABELS,
  ],
  generated: ['xinference:generate_tokens_total', 'Total number of generated tokens (LLM only).', LABELS],
} as const

export class ModelMetrics {
  readonly registry = new Registry()
  private readonly requests = this.counter(...METERS.requests)
  private readonly errors = this.counter(...METERS.errors)
  private readonly duration = this.histogram(...METERS.duration)
  private readonly firstToken = this.histogram(...METERS.firstToken)
  private readonly inputTokens = this.counter(...METERS.inputTokens)
  private readonly outputTokens = this.counter(...METERS.outputTokens)
  private readonly generated = this.counter(...METERS.generated)

  constructor(loads: () => ReplicaLoad[]) {
    // Each replica's load, read when scraped.
    for (const [name, help, figure] of LOAD_GAUGES) {
      new Gauge({
        name,
        help,
        labelNames: LABELS,
        registers: [this.registry],
        collect() {
          this.reset()
          for (const load of loads()) this.set({ ...load.labels }, load[figure])
        },
      })
    }
    collectDefaultMetrics({ register: this.registry })
  }

  private counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]) {
    return new Counter({ name, help, labelNames, registers: [this.registry] })
  }

  /** Durations, in seconds. */
  private histogram<Label extends string>(name: string, help: string, labelNames: readonly Label[]) {
    return new Histogram({ name, help, labelNames, buckets: SECONDS, registers: [this.registry] })
  }

  /**
   * Counts one request's outcome for the replica `labels` names: the same outcome the model's usage and log read
   * (request-outcome.ts). A request whose client went away is a request, not an error, with what it generated.
   */
  record(labels: ReplicaLabels, outcome: RequestOutcome): void {
    const streamed = { ...labels, stream: String(outcome.stream) }
    this.requests.inc(streamed)
    this.duration.observe({ ...labels }, outcome.durationMs / 1000)
    if (outcome.firstTokenMs !== null) this.firstToken.observe(streamed, outcome.firstTokenMs / 1000)
    if (!outcome.ok) {
      this.errors.inc(streamed)
      return
    }
    this.inputTokens.inc({ ...labels }, outcome.inputTokens)
    if (!generates(outcome.op)) return
    this.outputTokens.inc({ ...labels }, outcome.outputTokens)
    this.generated.inc({ ...labels }, outcome.outputTokens)
  }
}
