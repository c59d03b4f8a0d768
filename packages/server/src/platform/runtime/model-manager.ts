import type { ModelMetrics, ReplicaLoad } from '../metrics/model-metrics.js'
import type { LaunchRequest } from '@serving-console/contract'
import type { Catalogue } from '../catalogue/catalogue.js'
import { HttpError } from '../../http/http-error.js'
import { planLaunch, sequenceContext } from './launch-plan.js'
import { EngineBinaries } from './engine-binaries.js'
import type { FileFetcher } from './file-fetcher.js'
import { RunningModel } from './running-model.js'
import { WorkerProcess } from './worker-process.js'

/** Failed and cancelled launches kept for the console to show, newest first; older ones are forgotten. */
export const KEPT_FAILED_LAUNCHES = 50

export interface ModelManagerOptions {
  catalogue: Catalogue
  /** Model files, downloaded once per version for every launch and download task waiting on them. */
  files: FileFetcher
  /** The most worker processes at once, all models and replicas together. */
  maxWorkers: number
  /** llama.cpp threads per worker; keep it small (1 by default): more threads than cores is far slower. */
  threads: number
  contextSize: number
  machine: () => { address: string; gpuCount: number }
  /** Where requests are counted and timed (`GET /metrics`). */
  metrics?: ModelMetrics
}

/**
 * Launches, tracks and stops models. A launch answers once every replica has loaded, as upstream does, while
 * progress and cancel follow it by uid. Failed launches and crashed replicas keep their reason.
 */
/** How often idle models are looked for: `idle_ttl` is in minutes, so an unload is at most this late. */
const IDLE_CHECK_MS = 15_000

export class ModelManager {
  private readonly models = new Map<string, RunningModel>()
  private readonly removedListeners: ((uid: string) => void)[] = []
  private readonly binaries = new EngineBinaries()
  /** Unloads idle models; unref'd, so it never keeps the process alive. */
  private readonly idleTimer = setInterval(() => void this.unloadIdle(), IDLE_CHECK_MS).unref()

  constructor(private readonly options: ModelManagerOptions) {
    // Every launch waiting on a download shows its progress.
    options.files.onProgress((version, progress) => {
      for (const waiting of this.models.values()) {
        if (waiting.stage === 'downloading' && waiting.version === version) waiting.download = progress
      }
    })
  }

  get(uid: string): RunningModel {
    const model = this.models.get(uid)
    if (!model) throw new HttpError(400, `Model not found in the model list, uid: ${uid}`)
    return model
  }

  find(uid: string): RunningModel | undefined {
    return this.models.get(uid)
  }

  /** Whether any launched or launching model runs from this catalogue name. */
  serving(modelName: string): boolean {
    return [...this.models.values()].some(
      (model) => model.active && model.plan.family.model_name === modelName,
    )
  }

  /** Every serving model's replicas and their load, for the metrics. */
  loads(): ReplicaLoad[] {
    return this.listed().flatMap((model) => model.loads())
  }

  /**
   * Each model's live worker processes (loading or ready) and how many of them run on GPUs, for its worker time
   * (quota/worker-time.ts). llama.cpp spreads a model over every GPU it sees, so a GPU worker holds them all.
   */
  workerTime(): { uid: string; workers: number; gpus: number }[] {
    const gpus = this.options.machine().gpuCount
    return [...this.models.values()].flatMap((model) => {
      const live = model.workers.filter((worker) => worker.status === 'LOADING' || worker.status === 'READY')
      if (live.length === 0) return []
      const onGpu = live.filter((worker) => worker.engineGpu !== null && worker.engineGpu !== false).length
      return [{ uid: model.plan.uid, workers: live.length, gpus: onGpu * gpus }]
    })
  }

  /** Models serving or failed after launch (a crashed replica is shown, not hidden). */
  listed(): RunningModel[] {
    return [...this.models.values()].filter((model) => model.stage === 'ready')
  }

  async launch(request: LaunchRequest): Promise<{ model_uid: string }> {
    const machine = this.options.machine()
    const plan = planLaunch(request, this.options.catalogue, machine)
    const existing = this.models.get(plan.uid)
    if (existing?.active) throw new HttpError(400, `Model is already in the model list, uid: ${plan.uid}`)
    // Refused before anything is downloaded or forked: each replica is a process holding the whole model.
    const inUse = this.workersInUse()
    if (inUse + plan.replica > this.options.maxWorkers) {
      throw new HttpError(
        503,
        `Cannot launch ${plan.replica} replica(s) of ${plan.uid}: ${inUse} of this platform's ${this.options.maxWorkers} model workers are in use (one per replica; --max-workers sets the limit). Terminate a model or launch fewer replicas.`,
      )
    }
    const contextSize = sequenceContext(plan.family, this.options.contextSize, plan.contextSize)
    const model = new RunningModel(plan, machine.address, contextSize, this.options.metrics)
    this.models.set(plan.uid, model)
    model.log.add(
      `launching ${plan.family.model_name} ${plan.spec.model_format} ${String(plan.spec.model_size_in_billions ?? '')} ${plan.quantization} × ${plan.replica}`,
    )
    try {
      const file = await this.modelFile(model)
      model.stage = 'loading'
      model.modelPath = file
      model.workers = Array.from({ length: plan.replica }, (_, replicaId) =>
        this.startWorker(model, replicaId),
      )
      const cancelled = new Promise<never>((_, reject) =>
        model.controller.signal.addEventListener('abort', () => reject(new Error('cancelled')), {
          once: true,
        }),
      )
      await Promise.race([Promise.all(model.workers.map((worker) => worker.ready)), cancelled])
      model.stage = 'ready'
      model.lastActivity = Date.now()
      model.readyAt = model.lastActivity
      model.log.add('ready')
      return { model_uid: plan.uid }
    } catch (error) {
      await Promise.all(model.workers.map((worker) => worker.stop()))
      if (model.controller.signal.aborted) {
        model.stage = 'cancelled'
        model.error = 'cancelled'
        model.log.add('launch cancelled')
        this.forgetOldLaunches()
        throw new HttpError(499, `Model ${plan.uid} launch was cancelled`)
      }
      model.stage = 'failed'
      model.error = error instanceof Error ? error.message : String(error)
      model.log.add(`launch failed: ${model.error}`)
      this.forgetOldLaunches()
      if (error instanceof HttpError) throw error
      throw new HttpError(503, `Failed to launch ${plan.uid}: ${model.error}`)
    }
  }

  /** One replica's worker process for `model`, from the file its launch found. */
  private startWorker(model: RunningModel, replicaId: number): WorkerProcess {
    const { plan } = model
    const worker = new WorkerProcess(
      replicaId,
      {
        modelPath: model.modelPath,
        kind: plan.kind,
        threads: this.options.threads,
        contextSize: model.contextSize,
        parallel: plan.parallel,
        ...this.binaries.forWorker(plan.useGpu),
        chatTemplate: plan.chatTemplate ?? undefined,
      },
      model.log,
      plan.uid,
    )
    worker.onExit(() => this.onWorkerExit(model, worker))
    worker.ready.then(
      () => worker.engineGpu !== null && this.binaries.remember(plan.useGpu, worker.engineGpu),
      () => undefined,
    )
    return worker
  }

  /**
   * Starts a serving model's failed replicas again (same file, same options), each in its place; the model goes
   * on serving from the others meanwhile. 400 when none has failed; the new worker's own failure is its reason.
   */
  async restart(uid: string): Promise<RunningModel> {
    const model = this.get(uid)
    const failed = model.workers.filter((worker) => worker.status === 'ERROR')
    if (model.stage !== 'ready' || failed.length === 0)
      throw new HttpError(400, `No replica of ${uid} has failed: there is nothing to restart`)
    await Promise.all(
      failed.map(async (old) => {
        const replacement = this.startWorker(model, old.replicaId)
        model.replaceWorker(old, replacement)
        model.log.add(`replica ${old.replicaId} restarting`)
        try {
          await replacement.ready
          model.log.add(`replica ${old.replicaId} ready again`)
        } catch (error) {
          model.log.add(
            `replica ${old.replicaId} failed to restart: ${error instanceof Error ? error.message : String(error)}`,
          )
        }
      }),
    )
    if (model.terminated) throw new HttpError(503, `Model ${uid} was terminated while restarting`)
    return model
  }

  private modelFile(model: RunningModel): Promise<string> {
    const { family, spec, quantization, hub, isBuiltin } = model.plan
    model.stage = 'downloading'
    return this.options.files.fetch({ family, spec, quantization, hub, isBuiltin }, model.controller.signal)
  }

  /** Worker processes running or about to run: every replica of every model launching or serving. */
  private workersInUse(): number {
    let count = 0
    for (const model of this.models.values()) if (model.active) count += model.plan.replica
    return count
  }

  /** Keeps the newest failed and cancelled launches only, so the launches answer stays small. */
  private forgetOldLaunches() {
    const ended = [...this.models.values()]
      .filter((model) => !model.active)
      .sort((a, b) => b.sequence - a.sequence)
    for (const model of ended.slice(KEPT_FAILED_LAUNCHES)) this.models.delete(model.uid)
  }

  private onWorkerExit(model: RunningModel, worker: WorkerProcess) {
    model.replicaStopped(worker)
    if (worker.status === 'ERROR' && model.stage === 'ready') {
      model.log.add(`replica ${worker.replicaId} failed: ${worker.errorMessage ?? 'unknown reason'}`)
    }
  }

  cancel(uid: string): void {
    const model = this.models.get(uid)
    if (!model || (model.stage !== 'pending' && model.stage !== 'downloading' && model.stage !== 'loading')) {
      throw new HttpError(400, `Model ${uid} is not being launched`)
    }
    model.controller.abort()
  }

  async terminate(uid: string): Promise<void> {
    const model = this.get(uid)
    model.terminated = true
    if (model.stage !== 'ready' && model.stage !== 'failed' && model.stage !== 'cancelled') {
      model.controller.abort()
    }
    this.models.delete(uid)
    for (const listener of this.removedListeners) listener(uid)
    await Promise.all(model.workers.map((worker) => worker.stop()))
  }

  /** Told when a model is terminated (its web UI goes with it). */
  onRemoved(listener: (uid: string) => void): void {
    this.removedListeners.push(listener)
  }

  /** Launches still in flight, and those that failed or were cancelled, newest first: the console follows them. */
  launches(): RunningModel[] {
    return [...this.models.values()]
      .filter((model) => model.stage !== 'ready')
      .sort((a, b) => b.sequence - a.sequence)
  }

  /**
   * Unloads every model idle past its `idle_ttl`: its workers stop and it is listed with the launches as
   * `unloaded` (with how long it was idle), so the console can say what happened. Called every IDLE_CHECK_MS.
   */
  async unloadIdle(now = Date.now()): Promise<void> {
    for (const model of this.listed()) {
      const at = model.unloadsAt
      if (at === null || at > now) continue
      const minutes = Math.round((now - model.lastActivity) / 60_000)
      model.log.add(`unloaded after ${String(minutes)} min without a request (idle_ttl)`)
      model.terminated = true
      model.stage = 'unloaded'
      model.idleMinutes = minutes
      model.error = `Unloaded after ${String(minutes)} min without a request`
      for (const listener of this.removedListeners) listener(model.uid)
      this.forgetOldLaunches()
      await Promise.all(model.workers.map((worker) => worker.stop()))
    }
  }

  /** Aborts every launch and stops every worker; requests in flight are answered with 503. */
  async shutdown(): Promise<void> {
    clearInterval(this.idleTimer)
    for (const model of this.models.values()) {
      model.terminated = true
      model.controller.abort()
    }
    await Promise.all(
      [...this.models.values()].flatMap((model) => model.workers.map((worker) => worker.stop())),
    )
    this.models.clear()
  }
}
