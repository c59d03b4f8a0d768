import type { ModelLoad } from '@serving-console/contract'
import { modelVersion } from '../catalogue/families.js'
import { ENGINE } from './capabilities.js'
import type { DownloadProgress } from '../download/download-file.js'
import { HttpError } from '../../http/http-error.js'
import type { LaunchPlan } from './launch-plan.js'
import { ModelLog } from './model-log.js'
import { ModelUsage } from './model-usage.js'
import { LeftTheQueue, Places } from './places.js'
import type { WorkerRequest } from './protocol.js'
import { WorkerGoneError, type WorkerProcess } from './worker-process.js'
import type { ModelMetrics, ReplicaLabels, ReplicaLoad } from '../metrics/model-metrics.js'

export type Stage = 'pending' | 'downloading' | 'loading' | 'ready' | 'failed' | 'cancelled' | 'unloaded'

export interface ServeOptions {
  signal?: AbortSignal
  onChunk?: (text: string) => void
  /** Who asks (a user, a key, an address): waiting requests take turns across clients. */
  client?: string
}

/** Launch order: many launches can start within one millisecond, so time alone cannot order them. */
let launched = 0

/** Requests that may wait for each place a model serves at once, beyond which it answers 429. */
export const QUEUED_PER_SLOT = 4

/** One launched model: its plan, its replicas' workers, its launch progress and its log. */
export class RunningModel {
  stage: Stage = 'pending'
  error: string | null = null
  download: DownloadProgress | null = null
  workers: WorkerProcess[] = []
  readonly log = new ModelLog()
  readonly controller = new AbortController()
  readonly createdAt = Date.now()
  readonly sequence = ++launched
  /** Set when the model is terminated: requests still in flight are told so. */
  terminated = false
  /** The model file its workers load, once its launch found or downloaded it. */
  modelPath = ''
  /** Requests, tokens and first-token times, in total and over the last hour. */
  readonly usage = new ModelUsage()
  /** When it became ready (ms): its uptime runs from there. */
  readyAt: number | null = null
  /** When it last took or finished a request (or became ready): its idle time runs from there. */
  lastActivity = Date.now()
  /** Once unloaded: the minutes it went without a request. */
  idleMinutes: number | null = null
  private nextReplica = 0
  /** Requests admitted and not yet answered, served or waiting. */
  private inFlight = 0
  private readonly places = new Map<WorkerProcess, Places>()

  constructor(
    readonly plan: LaunchPlan,
    readonly address: string,
    /** Tokens the workers' context holds: no generation may ask for more. */
    readonly contextSize: number,
    private readonly metrics?: ModelMetrics,
  ) {}

  /** The cache key of the files this model runs from. */
  get version(): string {
    return modelVersion(this.plan.family.model_name, this.plan.spec, this.plan.quantization)
  }

  get uid(): string {
    return this.plan.uid
  }

  /** Still launching or serving: its uid is taken. */
  get active(): boolean {
    return this.stage !== 'failed' && this.stage !== 'cancelled' && this.stage !== 'unloaded'
  }

  /** When it is to be unloaded (ms), if it has an `idle_ttl` and serves nothing now. */
  get unloadsAt(): number | null {
    if (this.plan.idleTtlMs === null || this.inFlight > 0) return null
    return this.lastActivity + this.plan.idleTtlMs
  }

  /** 0–1: downloading fills the first 80 %, loading the replicas the rest. */
  get progress(): number {
    if (this.stage === 'ready') return 1
    const downloaded = this.download?.total_bytes
      ? Math.min(this.download.downloaded_bytes / this.download.total_bytes, 1)
      : this.stage === 'loading'
        ? 1
        : 0
    const loaded = this.workers.filter((worker) => worker.status === 'READY').length / this.plan.replica
    return Math.round((0.8 * downloaded + 0.2 * loaded) * 1000) / 1000
  }

  /**
   * Admits one request of `client` to a ready replica, the least loaded (round-robin among equals); its `turn`
   * resolves once it holds one of the replica's `n_parallel` places (Places: waiting fairly across clients, leaving
   * at once when `signal` aborts). 503 while launching or when every replica has failed; 429 past the launch's
   * `request_limits`, or when every place is taken and QUEUED_PER_SLOT more wait for each (admission control: a
   * bounded wait, never an unbounded pile-up). Synchronous, so a refusal comes before a stream's 200.
   */
  acquire(
    client = '',
    signal?: AbortSignal,
  ): { worker: WorkerProcess; turn: Promise<void>; release: () => void } {
    if (this.stage !== 'ready')
      throw new HttpError(503, `Model ${this.uid} is not ready (${this.stage})`, { 'retry-after': '5' })
    const ready = this.workers.filter((worker) => worker.status === 'READY')
    if (ready.length === 0) {
      const reasons = this.workers.map((worker) => worker.errorMessage).filter(Boolean)
      throw new HttpError(503, `Every replica of ${this.uid} has failed: ${reasons.join('; ')}`)
    }
    if (this.plan.requestLimits !== null && this.inFlight >= this.plan.requestLimits) {
      throw new HttpError(
        429,
        `Model ${this.uid} is serving its limit of ${this.plan.requestLimits} requests`,
        { 'retry-after': '1' },
      )
    }
    const serving = ready.length * this.plan.parallel
    if (this.inFlight >= serving * (1 + QUEUED_PER_SLOT)) {
      throw new HttpError(
        429,
        `Model ${this.uid} is busy: ${serving} requests in progress and ${this.inFlight - serving} waiting; try again shortly`,
        { 'retry-after': '1' },
      )
    }
    let worker: WorkerProcess | undefined
    for (let step = 0; step < ready.length; step++) {
      const candidate = ready[(this.nextReplica + step) % ready.length]
      if (candidate && (worker === undefined || this.placesOf(candidate).load < this.placesOf(worker).load))
        worker = candidate
    }
    if (!worker) throw new HttpError(503, `Model ${this.uid} has no ready replica`)
    this.nextReplica = (ready.indexOf(worker) + 1) % ready.length
    const places = this.placesOf(worker)
    const turn = places.take(client, signal)
    this.inFlight += 1
    this.lastActivity = Date.now()
    let released = false
    return {
      worker,
      turn,
      release: () => {
        if (released) return
        released = true
        this.inFlight -= 1
        this.lastActivity = Date.now()
        // A place taken is given back; a request that left the line took none.
        turn.then(
          () => places.release(),
          () => undefined,
        )
      },
    }
  }

  /** The places of the replica `worker` runs, made on its first request. */
  private placesOf(worker: WorkerProcess): Places {
    let places = this.places.get(worker)
    if (!places) {
      places = new Places(this.plan.parallel)
      this.places.set(worker, places)
    }
    return places
  }

  /** Its usage with the last hour minute by minute (`GET /api/v1/models/{uid}/usage`). */
  usageHistory(): ReturnType<ModelUsage['snapshot']> {
    return this.usage.snapshot(this.readyAt ?? this.createdAt)
  }

  /** Gives a replica's place in the line to the worker that replaces it (a restart). */
  replaceWorker(old: WorkerProcess, replacement: WorkerProcess): void {
    const index = this.workers.indexOf(old)
    if (index >= 0) this.workers[index] = replacement
    this.places.delete(old)
  }

  /** What the console shows of the model's load (absent from a cluster's rows): served, capacity and waiting. */
  loadRow(): ModelLoad {
    const ready = this.workers.filter((worker) => worker.status === 'READY').length
    let serving = 0
    let queued = 0
    for (const places of this.places.values()) {
      serving += places.inUse
      queued += places.queued
    }
    const capacity = ready * this.plan.parallel
    return { serving, capacity, queued, max_queued: capacity * QUEUED_PER_SLOT }
  }

  /** How Xinference's metrics name the replica `worker` runs. */
  private labelsOf(worker: WorkerProcess): ReplicaLabels {
    return {
      model_uid: this.uid,
      model_name: this.plan.family.model_name,
      model_type: this.plan.type,
      replica_index: String(worker.replicaId),
      engine: ENGINE,
      format: this.plan.spec.model_format,
      quantization: this.plan.quantization,
      worker_address: this.address,
      gpu_index: '',
    }
  }

  /** Each replica's load, for the metrics' gauges. */
  loads(): ReplicaLoad[] {
    return this.workers.map((worker) => ({
      labels: this.labelsOf(worker),
      serving: this.placesOf(worker).inUse,
      queued: this.placesOf(worker).queued,
      parallel: this.plan.parallel,
      limit: this.plan.requestLimits ?? -1,
    }))
  }

  /**
   * Sends one request to a ready replica and always gives its slot back. A replica that goes away while
   * answering makes it 503 (terminated, or crashed with its reason); an error the model reports about the
   * request (a prompt longer than its context, say) makes it 400.
   */
  serve<T>(request: WorkerRequest, options: ServeOptions = {}): Promise<T> {
    // Admitted synchronously: a refusal throws before the caller commits to an answer (a stream's 200).
    const admitted = this.acquire(options.client, options.signal)
    return this.answer(admitted, request, options)
  }

  private async answer<T>(
    { worker, turn, release }: ReturnType<RunningModel['acquire']>,
    request: WorkerRequest,
    options: ServeOptions,
  ): Promise<T> {
    // Timed from admission: the wait for a place is part of what the user feels.
    const started = performance.now()
    const meter = this.metrics?.start(
      this.labelsOf(worker),
      options.onChunk !== undefined,
      this.plan.kind === 'chat',
    )
    let status = 200
    let tokens = { input: 0, output: 0 }
    let firstTokenMs: number | null = null
    try {
      await turn
      const result = await worker.request<T>(request, {
        ...options,
        // Every request's chunks are watched, streamed or not: the first one is its time to first token.
        onChunk: (text) => {
          meter?.firstToken()
          firstTokenMs ??= performance.now() - started
          options.onChunk?.(text)
        },
      })
      tokens = tokensOf(result)
      meter?.done(tokens)
      // Stopped where it was because its client went away.
      if (options.signal?.aborted) status = 499
      return result
    } catch (error) {
      const refusal = this.refusalOf(error, worker)
      // Nobody is there to tell (client gone): not an error of the model's.
      if (refusal.statusCode !== 499) meter?.failed()
      status = refusal.statusCode
      throw refusal
    } finally {
      release()
      if (status !== 499)
        this.usage.record({
          ok: status === 200,
          inputTokens: tokens.input,
          outputTokens: tokens.output,
          firstTokenMs: this.plan.kind === 'chat' ? firstTokenMs : null,
          at: Date.now(),
        })
      // One line per request: what, how it ended, tokens and time; never its text (docs/platform.md).
      this.log.add(
        `request ${request.op}${options.onChunk ? ' (streamed)' : ''} ${String(status)} · ${String(tokens.input)} → ${String(tokens.output)} tokens · ${String(Math.round(performance.now() - started))} ms · replica ${String(worker.replicaId)}`,
      )
    }
  }

  /** What a failed request is told: 499 when its client left, 503 when its replica went away, else 400. */
  private refusalOf(error: unknown, worker: WorkerProcess): HttpError {
    if (error instanceof LeftTheQueue) return new HttpError(499, error.message)
    const message = error instanceof Error ? error.message : String(error)
    if (this.terminated)
      return new HttpError(503, `Model ${this.uid} was terminated while answering this request`)
    if (error instanceof WorkerGoneError)
      return new HttpError(
        503,
        `Replica ${worker.replicaId} of ${this.uid} stopped while answering: ${message}`,
      )
    return new HttpError(400, `Model ${this.uid} could not answer this request: ${message}`)
  }
}

/** The tokens a worker's answer counted: generation, embedding or ranking. */
function tokensOf(result: unknown): { input: number; output: number } {
  const counted = result as { prompt_tokens?: number; input_tokens?: number; completion_tokens?: number }
  return { input: counted.prompt_tokens ?? counted.input_tokens ?? 0, output: counted.completion_tokens ?? 0 }
}
