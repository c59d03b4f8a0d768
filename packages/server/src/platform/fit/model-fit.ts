import {
  DEFAULT_PARALLEL,
  type FileSource,
  type FitSummaries,
  type FitSummary,
  type FitTarget,
  type ModelFit,
  type ModelType,
} from '@serving-console/contract'
import type { ModelCache } from '../cache/model-cache.js'
import type { Catalogue, CatalogueFamily } from '../catalogue/catalogue.js'
import { ggufFileName, modelVersion, type FamilySpec } from '../catalogue/families.js'
import type { MachineFigures } from '../cluster/resource-sampler.js'
import type { Hub } from '../download/hubs.js'
import type { ModelDirs } from '../files/model-dirs.js'
import { runnableHere, workerKind } from '../runtime/capabilities.js'
import { sequenceContext } from '../runtime/launch-plan.js'
import { bestChoice, hubsNeeded, rankChoices } from './best-choice.js'
import { bandwidthOf } from './decode-speed.js'
import type { GgufHeaders } from './gguf-kv.js'
import type { FileSizes, HubFiles } from './hub-files.js'
import { fitQuantization, notRunnable, type QuantizationHere, type SpecHere } from './quantization-fit.js'

export interface FitDeps {
  catalogue: Catalogue
  cache: ModelCache
  modelDirs: ModelDirs
  hubFiles: HubFiles
  headers: GgufHeaders
  machine: () => MachineFigures
  /** The most tokens of context a sequence gets (the model manager's limit). */
  contextLimit: number
}

export interface FitRequest {
  nParallel?: number | undefined
  /** Tokens of context each place holds (`n_ctx`); absent: the default a launch would get. */
  nCtx?: number | undefined
  hub?: Hub | undefined
  /** False when the launch keeps to the CPU (`n_gpu: null`). */
  useGpu?: boolean | undefined
}

/**
 * Will a model fit here: for every spec and quantization, the file's size (the cached or local file, the hub's
 * file list, else parameters × bits per weight) and the memory a launch needs — the weights, read whole, plus
 * the KV cache for `n_parallel` sequences of the context each gets, plus the runtime — against the memory free
 * now (RAM, or the GPUs' when the launch uses them). The KV cache comes from the GGUF header of a file that is
 * here, else from the catalogue's attention shape; without either the memory is unknown. docs/platform.md.
 */
export class ModelFitter {
  constructor(private readonly deps: FitDeps) {}

  private target(useGpu: boolean): FitTarget {
    const machine = this.deps.machine()
    const cores = machine.cpuCount
    return useGpu && machine.gpu.count > 0
      ? {
          device: 'gpu',
          free_bytes: machine.gpu.vramAvailable,
          total_bytes: machine.gpu.vramTotal,
          bandwidth_bytes_per_second: bandwidthOf('gpu', cores),
          cores: 0,
        }
      : {
          device: 'cpu',
          free_bytes: machine.memAvailable,
          total_bytes: machine.memTotal,
          bandwidth_bytes_per_second: bandwidthOf('cpu', cores),
          cores,
        }
  }

  /** The file a quantization would run from when it is already here: cached, or a custom model's own. */
  private localFile(entry: CatalogueFamily, spec: FamilySpec, quantization: string): string | null {
    const fileName = ggufFileName(spec, quantization)
    try {
      if (spec.model_uri) return this.deps.modelDirs.ggufFile(spec.model_uri, fileName)
      const version = modelVersion(entry.family.model_name, spec, quantization)
      return fileName && this.deps.cache.isCached(version) ? this.deps.cache.file(version, fileName) : null
    } catch {
      return null
    }
  }

  private async specs(
    entry: CatalogueFamily,
    request: FitRequest,
    listingOf: (spec: FamilySpec) => Promise<FileSizes | undefined | null>,
  ): Promise<{ target: FitTarget; tokens: number; parallel: number; specs: SpecHere[] }> {
    const kind = workerKind(entry.type)
    // Every kind holds a context per place: chat a sequence each, embedding and rerank a context each.
    const parallel = request.nParallel ?? DEFAULT_PARALLEL
    const perSequence = sequenceContext(entry.family, this.deps.contextLimit, request.nCtx ?? null)
    const target = this.target(request.useGpu ?? true)
    const context = {
      tokens: perSequence * parallel,
      free: target.free_bytes,
      bandwidth: kind === 'chat' ? target.bandwidth_bytes_per_second : null,
    }
    const specs = await Promise.all(
      entry.family.model_specs.map(async (spec) => {
        const runnable = runnableHere(entry.type, spec)
        const listing = runnable ? await listingOf(spec) : undefined
        const repository =
          request.hub === 'modelscope'
            ? spec.modelscope_model_id
            : request.hub === 'huggingface'
              ? spec.model_id
              : (spec.model_id ?? spec.modelscope_model_id)
        const generated = entry.is_builtin && spec.generated ? spec.generated : null
        return {
          model_format: spec.model_format,
          model_size_in_billions: spec.model_size_in_billions ?? null,
          runnable,
          on_hub: Boolean(repository),
          quantizations: runnable
            ? await Promise.all(
                spec.quantizations.map((quantization) =>
                  fitQuantization(
                    this.deps.headers,
                    spec,
                    quantization,
                    { local: this.localFile(entry, spec, quantization), generated },
                    { ...context, listing },
                  ),
                ),
              )
            : spec.quantizations.map(notRunnable),
        }
      }),
    )
    return { target, tokens: perSequence, parallel, specs }
  }

  /** Every spec and quantization of one model, asking the hub for its file list (kept ten minutes). */
  async detail(entry: CatalogueFamily, request: FitRequest): Promise<ModelFit> {
    const hub = request.hub ?? 'huggingface'
    const hubFiles = this.deps.hubFiles
    const result = await this.specs(entry, { ...request, hub }, (spec) => {
      const modelId = hub === 'modelscope' ? spec.modelscope_model_id : spec.model_id
      const needed = !spec.model_uri && !(entry.is_builtin && spec.generated) && modelId
      return needed ? hubFiles.list(hub, modelId, spec.model_revision ?? 'main') : Promise.resolve(undefined)
    })
    return {
      model_name: entry.family.model_name,
      target: result.target,
      context_length: result.tokens,
      n_parallel: result.parallel,
      hub: hubFiles.reachOf(hub),
      specs: result.specs.map((spec) => ({
        ...spec,
        quantizations: spec.quantizations.map(({ here: _here, hubs: _hubs, ...fit }) => fit),
      })),
    }
  }

  /**
   * Each model of a kind with its best choice here, from what is known without asking a hub for file lists; a
   * model runs here when a choice fits and its file is here or comes from a hub that answers (asked only when a
   * download would be needed, once for all the models: `HubFiles.reachable`).
   */
  async summaries(type: ModelType): Promise<FitSummaries> {
    const entries = this.deps.catalogue.families(type)
    const target = this.target(true)
    const hubFiles = this.deps.hubFiles
    const all = await Promise.all(
      entries.map(async (entry) => {
        const { specs } = await this.specs(entry, {}, (spec) =>
          Promise.resolve(
            spec.model_id
              ? hubFiles.known('huggingface', spec.model_id, spec.model_revision ?? 'main')
              : undefined,
          ),
        )
        return { entry, choices: rankChoices(specs) }
      }),
    )
    const needed = new Set(all.flatMap(({ choices }) => hubsNeeded(choices)))
    const reach = new Map(
      await Promise.all([...needed].map(async (hub) => [hub, await hubFiles.reachable(hub)] as const)),
    )
    const filesOf = (fit: QuantizationHere): FileSource =>
      fit.here
        ? 'here'
        : fit.hubs.length === 0
          ? 'none'
          : fit.hubs.some((hub) => reach.get(hub) !== false)
            ? 'download'
            : 'unreachable'
    const models = all.map(({ entry, choices }): FitSummary => {
      const { best, runsHere } = bestChoice(choices, filesOf)
      return {
        model_name: entry.family.model_name,
        model_size_in_billions: best?.spec.model_size_in_billions ?? null,
        quantization: best?.fit.quantization ?? null,
        cached: best?.fit.cached ?? false,
        file_bytes: best?.fit.file_bytes ?? null,
        memory_bytes: best?.fit.memory_bytes ?? null,
        tokens_per_second: best?.fit.tokens_per_second ?? null,
        fit: best?.fit.fit ?? 'unknown',
        files: best ? filesOf(best.fit) : 'none',
        runs_here: runsHere,
      }
    })
    const hubs: Hub[] = ['huggingface', 'modelscope']
    return { target, hubs: hubs.map((hub) => hubFiles.reachOf(hub)), models }
  }
}
