import type { ModelLoad } from '@serving-console/contract'
import { modelVersion } from '../catalogue/families.js'
import { ENGINE } from './capabilities.js'
import type { DownloadProgress } from '../download/download-file.js'
import { HttpError } from '../../http/http-error.js'
import type { LaunchPlan } from './launch-plan.js'
import { ModelLog } from './model-log.js'
import { ModelUsage } from './model-usage.js'
import { LeftTheQueue } from './places.js'
import type { WorkerRequest } from './protocol.js'
import { Admission, type Admitted } from './admission.js'
import { Conversation } from './conversation-memory.js'
import { generates, logLine, OutcomeClock, tokensOf, type RequestOutcome } from './request-outcome.js'
import { WorkerGoneError, type WorkerProcess } from './worker-process.js'
import type { ModelMetrics, ReplicaLabels, ReplicaLoad } from '../metrics/model-metrics.js'

export type Stage = 'pending' | 'downloading' | 'loading' | 'ready' | 'failed' | 'cancelled' | 'unloaded'

export interface ServeOptions {
  signal?: AbortSignal
  onChunk?: (text: string) => void
  /** Who asks (a user, a key, an address): waiting requests take turns across clients. */
  client?: string
  /** Told how the request ended (for the audit trail), once the meters, usage and log have it. */
  onOutcome?: (outcome: RequestOutcome) => void
  /** Told when the model admitted the request: from then on `onOutcome` is certain to be told (quota/quota.ts). */
  onAdmitted?: () => void
}

/** Launch order: many launches can start within one millisecond, so time alone cannot order them. */
let launched = 0

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
  /** Its requests in flight, each replica's places and the conversations each replica holds. */
  private readonly admission: Admission

  constructor(
    readonly plan: LaunchPlan,
    readonly address: string,
    /** Tokens the workers' context holds: no generation may ask for more. */
    readonly contextSize: number,
    private readonly metrics?: ModelMetrics,
  ) {
    this.admission = new Admission(plan.parallel, () => (this.lastActivity = Date.now()))
  }

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
    if (this.plan.idleTtlMs === null || this.admission.inFlight > 0) return null
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
   * Admits one request of `client` to a ready replica, or refuses it (admission.ts: 503 while launching or when
   * every replica has failed, 429 past `request_limits` or a full line); its `turn` resolves once it holds a place.
   * A chat's `conversation` goes back to the replica holding it where that one has a free place.
   */
  acquire(client = '', signal?: AbortSignal, conversation?: Conversation): Admitted {
    return this.admission.admit(this.admitting(), client, signal, conversation)
  }

  /** What admission reads of the model now. */
  private admitting() {
    return {
      uid: this.uid,
      stage: this.stage,
      workers: this.workers,
      parallel: this.plan.parallel,
      requestLimits: this.plan.requestLimits,
    }
  }

  /** Its usage with the last hour minute by minute (`GET /api/v1/models/{uid}/usage`). */
  usageHistory(): ReturnType<ModelUsage['snapshot']> {
    return this.usage.snapshot(this.readyAt ?? this.createdAt)
  }

  /** Gives a replica's place in the line to the worker that replaces it (a restart). */
  replaceWorker(old: WorkerProcess, replacement: WorkerProcess): void {
    const index = this.workers.indexOf(old)
    if (index >= 0) this.workers[index] = replacement
    this.admission.forget(old)
  }

  /** A replica's worker stopped (crashed, terminated, unloaded): the conversations it held are gone with it. */
  replicaStopped(worker: WorkerProcess): void {
    this.admission.conversations.forget(worker)
  }

  /** What the console shows of the model's load (absent from a cluster's rows): served, capacity and waiting. */
  loadRow(): ModelLoad {
    return this.admission.load(this.admitting())
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
      serving: this.admission.placesOf(worker, this.plan.parallel).inUse,
      queued: this.admission.placesOf(worker, this.plan.parallel).queued,
      parallel: this.plan.parallel,
      limit: this.plan.requestLimits ?? -1,
    }))
  }

  /**
   * Sends one request to a ready replica and always gives its place back. A replica that goes away while
   * answering makes it 503 (terminated, or crashed with its reason); an error the model reports about the
   * request (a prompt longer than its context, say) makes it 400.
   */
  serve<T>(request: WorkerRequest, options: ServeOptions = {}): Promise<T> {
    const conversation = request.op === 'chat' ? Conversation.of(request.messages) : undefined
    // Admitted synchronously: a refusal throws before the caller commits to an answer (a stream's 200).
    const admitted = this.acquire(options.client, options.signal, conversation)
    options.onAdmitted?.()
    return this.answer(admitted, request, options, conversation)
  }

  private async answer<T>(
    { worker, turn, release }: Admitted,
    request: WorkerRequest,
    options: ServeOptions,
    conversation: Conversation | undefined,
  ): Promise<T> {
    const clock = new OutcomeClock({
      model: this.uid,
      replica: worker.replicaId,
      op: request.op,
      stream: options.onChunk !== undefined,
    })
    let status = 200
    let tokens = { input: 0, output: 0 }
    let placed = false
    let answer: string | null = null
    try {
      await turn
      placed = true
      const result = await worker.request<T>(request, {
        ...options,
        // Every request's chunks are watched, streamed or not: the first one is its time to first token.
        onChunk: (text) => {
          clock.token()
          options.onChunk?.(text)
        },
      })
      tokens = tokensOf(result)
      // Stopped where it was because its client went away.
      if (options.signal?.aborted) status = 499
      // What the client may continue the conversation from: a whole answer, not one cut short by its leaving.
      else answer = (result as { text?: string }).text ?? null
      return result
    } catch (error) {
      const refusal = this.refusalOf(error, worker)
      status = refusal.statusCode
      throw refusal
    } finally {
      release()
      // The sequence it took now holds this conversation, or none (docs/platform.md, "Conversations stick to
      // their replica"); a request that left the line took no sequence.
      if (placed && generates(request.op))
        this.admission.conversations.remember(worker, conversation ?? null, answer)
      this.record(clock.end(status, tokens), worker, options)
    }
  }

  /** One outcome, told to each of its readers: the meters, the usage, the log, and the caller (the audit). */
  private record(outcome: RequestOutcome, worker: WorkerProcess, options: ServeOptions): void {
    this.metrics?.record(this.labelsOf(worker), outcome)
    this.usage.record(outcome)
    this.log.add(logLine(outcome))
    options.onOutcome?.(outcome)
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
