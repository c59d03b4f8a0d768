import type { LaunchRequest } from '@serving-console/contract'
import type { ModelCache } from '../cache/model-cache.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import { modelVersion } from '../catalogue/families.js'
import type { HubEndpoints } from '../download/hubs.js'
import { HttpError } from '../http-error.js'
import { planLaunch } from './launch-plan.js'
import { ensureModelFile } from './model-files.js'
import { RunningModel } from './running-model.js'
import { WorkerProcess } from './worker-process.js'

export interface ModelManagerOptions {
  catalogue: Catalogue
  cache: ModelCache
  endpoints: HubEndpoints
  /** llama.cpp threads per worker; keep it small (1 by default): more threads than cores is far slower. */
  threads: number
  contextSize: number
  machine: () => { address: string; gpuCount: number }
}

/**
 * Launches, tracks and stops models. A launch answers once every replica has loaded, as upstream does, while
 * progress and cancel follow it by uid. Failed launches and crashed replicas keep their reason.
 */
export class ModelManager {
  private readonly models = new Map<string, RunningModel>()
  private readonly removedListeners: ((uid: string) => void)[] = []
  /** One download per model version at a time, whatever the number of launches waiting for it. */
  private readonly files = new Map<string, Promise<string>>()

  constructor(private readonly options: ModelManagerOptions) {}

  get(uid: string): RunningModel {
    const model = this.models.get(uid)
    if (!model) throw new HttpError(400, `Model not found in the model list, uid: ${uid}`)
    return model
  }

  find(uid: string): RunningModel | undefined {
    return this.models.get(uid)
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
    const model = new RunningModel(plan, machine.address)
    this.models.set(plan.uid, model)
    model.log.add(
      `launching ${plan.family.model_name} ${plan.spec.model_format} ${String(plan.spec.model_size_in_billions ?? '')} ${plan.quantization} × ${plan.replica}`,
    )
    try {
      const file = await this.modelFile(model)
      model.stage = 'loading'
      model.workers = Array.from({ length: plan.replica }, (_, replicaId) => {
        const worker = new WorkerProcess(
          replicaId,
          {
            modelPath: file,
            kind: plan.kind,
            threads: this.options.threads,
            contextSize: Math.min(Number(plan.family.context_length ?? 2048), this.options.contextSize),
            gpu: plan.useGpu ? 'auto' : false,
          },
          model.log,
        )
        worker.onExit(() => this.onWorkerExit(model, worker))
        return worker
      })
      const cancelled = new Promise<never>((_, reject) =>
        model.controller.signal.addEventListener('abort', () => reject(new Error('cancelled')), {
          once: true,
        }),
      )
      await Promise.race([Promise.all(model.workers.map((worker) => worker.ready)), cancelled])
      model.stage = 'ready'
      model.log.add('ready')
      return { model_uid: plan.uid }
    } catch (error) {
      await Promise.all(model.workers.map((worker) => worker.stop()))
      if (model.controller.signal.aborted) {
        model.stage = 'cancelled'
        model.error = 'cancelled'
        model.log.add('launch cancelled')
        throw new HttpError(499, `Model ${plan.uid} launch was cancelled`)
      }
      model.stage = 'failed'
      model.error = error instanceof Error ? error.message : String(error)
      model.log.add(`launch failed: ${model.error}`)
      if (error instanceof HttpError) throw error
      throw new HttpError(503, `Failed to launch ${plan.uid}: ${model.error}`)
    }
  }

  private modelFile(model: RunningModel): Promise<string> {
    const { family, spec, quantization, hub } = model.plan
    const version = modelVersion(family.model_name, spec, quantization)
    let file = this.files.get(version)
    if (!file) {
      model.stage = 'downloading'
      file = ensureModelFile(
        { family, spec, quantization, hub },
        {
          cache: this.options.cache,
          endpoints: this.options.endpoints,
          signal: model.controller.signal,
          onProgress: (progress) => (model.download = progress),
        },
      ).finally(() => this.files.delete(version))
      this.files.set(version, file)
    }
    // A cancel of this launch stops waiting even when another launch owns the download.
    return Promise.race([
      file,
      new Promise<never>((_, reject) =>
        model.controller.signal.addEventListener('abort', () => reject(new Error('cancelled')), {
          once: true,
        }),
      ),
    ])
  }

  private onWorkerExit(model: RunningModel, worker: WorkerProcess) {
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
      .sort((a, b) => b.createdAt - a.createdAt)
  }

  async shutdown(): Promise<void> {
    for (const model of this.models.values()) model.controller.abort()
    await Promise.all(
      [...this.models.values()].flatMap((model) => model.workers.map((worker) => worker.stop())),
    )
    this.models.clear()
  }
}
