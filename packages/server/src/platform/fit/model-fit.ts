import { statSync } from 'node:fs'
import {
  DEFAULT_PARALLEL,
  SLOW_TOKENS_PER_SECOND,
  type FileSource,
  type FitGrade,
  type FitSummaries,
  type FitSummary,
  type FitTarget,
  type ModelFit,
  type ModelType,
  type QuantizationFit,
  type SpecFit,
} from '@serving-console/contract'
import type { ModelCache } from '../cache/model-cache.js'
import type { Catalogue, CatalogueFamily } from '../catalogue/catalogue.js'
import { ggufFileName, modelVersion, type FamilySpec } from '../catalogue/families.js'
import type { MachineFigures } from '../cluster/resource-sampler.js'
import type { Hub } from '../download/hubs.js'
import type { ModelDirs } from '../files/model-dirs.js'
import { tinyModel } from '../gguf/tiny-models.js'
import { runnableHere, workerKind } from '../runtime/capabilities.js'
import { sequenceContext } from '../runtime/launch-plan.js'
import { bitsPerWeight } from './bits-per-weight.js'
import { bandwidthOf, tokensPerSecond } from './decode-speed.js'
import type { GgufHeaders } from './gguf-kv.js'
import type { FileSizes, HubFiles } from './hub-files.js'

/** Up to this share of the free memory a launch fits well; up to all of it, tightly. */
const WELL = 0.8
/** llama.cpp's compute buffers and the worker process itself, beside the weights and KV cache (rough). */
const RUNTIME_BYTES = 160 * 1024 * 1024
const KV_BYTES = 2

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
  hub?: Hub | undefined
  /** False when the launch keeps to the CPU (`n_gpu: null`). */
  useGpu?: boolean | undefined
}

/** `here`: cached, a custom model's own, or written by the platform; else which hubs publish it. */
type QuantizationHere = QuantizationFit & { here: boolean; hubs: Hub[] }
type SpecHere = Omit<SpecFit, 'quantizations'> & { quantizations: QuantizationHere[] }

const GRADE_RANK: Record<FitGrade, number> = { fits: 0, tight: 1, slow: 2, unknown: 3, no: 4 }

/**
 * The memory decides whether it runs at all; where it does, an estimated speed below reading pace makes it
 * `slow` (a 14B model on two cores fits the memory, and writes a token every half second or so).
 */
export function grade(
  memory: number | null,
  fileBytes: number | null,
  free: number,
  tokensPerSecond: number | null = null,
): FitGrade {
  if (memory === null) return fileBytes !== null && fileBytes > free ? 'no' : 'unknown'
  const byMemory = memory <= free * WELL ? 'fits' : memory <= free ? 'tight' : 'no'
  return byMemory !== 'no' && tokensPerSecond !== null && tokensPerSecond < SLOW_TOKENS_PER_SECOND
    ? 'slow'
    : byMemory
}

/** Whether a grade means it runs (if slowly). */
const runs = (fit: FitGrade) => fit === 'fits' || fit === 'tight' || fit === 'slow'

/** A generated model's size is what the platform would write: measured once per kind. */
const generatedSizes = new Map<string, number>()
function generatedSize(kind: NonNullable<FamilySpec['generated']>): number {
  let size = generatedSizes.get(kind)
  if (size === undefined) {
    size = tinyModel(kind).length
    generatedSizes.set(kind, size)
  }
  return size
}

const billions = (size: FamilySpec['model_size_in_billions']): number | null => {
  const value = Number(String(size ?? '').replace('_', '.'))
  return size === null || size === undefined || !Number.isFinite(value) || value <= 0 ? null : value
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

  private async quantization(
    entry: CatalogueFamily,
    spec: FamilySpec,
    quantization: string,
    context: {
      tokens: number
      free: number
      /** Null for kinds that write no tokens: no speed to estimate. */
      bandwidth: number | null
      listing: FileSizes | undefined | null
    },
  ): Promise<QuantizationHere> {
    const local = this.localFile(entry, spec, quantization)
    const fileName = ggufFileName(spec, quantization)
    const generated = entry.is_builtin && spec.generated ? spec.generated : null
    let fileBytes: number | null = null
    let source: QuantizationFit['file_bytes_source'] = null
    const listed = fileName ? context.listing?.get(fileName) : undefined
    if (local) {
      fileBytes = statSync(local, { throwIfNoEntry: false })?.size ?? null
      source = fileBytes === null ? null : 'cache'
    } else if (generated) {
      fileBytes = generatedSize(generated)
      source = 'cache'
    } else if (listed !== undefined) {
      fileBytes = listed
      source = 'hub'
    } else {
      const params = billions(spec.model_size_in_billions)
      const bits = bitsPerWeight(quantization)
      if (params !== null && bits !== null) {
        fileBytes = Math.round((params * 1e9 * bits) / 8)
        source = 'parameters'
      }
    }
    const fromHeader = local ? await this.deps.headers.kvBytesPerToken(local) : null
    const shape = spec.attention
    const perToken =
      fromHeader ?? (shape ? shape.layers * shape.kv_heads * shape.head_dim * 2 * KV_BYTES : null)
    const memory =
      fileBytes !== null && perToken !== null ? fileBytes + perToken * context.tokens + RUNTIME_BYTES : null
    const speed = context.bandwidth === null ? null : tokensPerSecond(context.bandwidth, fileBytes)
    const hubs: Hub[] = []
    if (spec.model_id) hubs.push('huggingface')
    if (spec.modelscope_model_id) hubs.push('modelscope')
    return {
      quantization,
      cached: local !== null,
      here: local !== null || generated !== null,
      hubs,
      file_bytes: fileBytes,
      file_bytes_source: source,
      memory_bytes: memory,
      memory_basis: memory === null ? null : fromHeader !== null ? 'header' : 'catalogue',
      tokens_per_second: speed,
      fit: grade(memory, fileBytes, context.free, speed),
    }
  }

  private async specs(
    entry: CatalogueFamily,
    request: FitRequest,
    listingOf: (spec: FamilySpec) => Promise<FileSizes | undefined | null>,
  ): Promise<{ target: FitTarget; tokens: number; parallel: number; specs: SpecHere[] }> {
    const kind = workerKind(entry.type)
    const parallel = kind === 'chat' ? (request.nParallel ?? DEFAULT_PARALLEL) : 1
    const perSequence = sequenceContext(entry.family, this.deps.contextLimit)
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
        return {
          model_format: spec.model_format,
          model_size_in_billions: spec.model_size_in_billions ?? null,
          runnable,
          on_hub: Boolean(repository),
          quantizations: runnable
            ? await Promise.all(
                spec.quantizations.map((q) => this.quantization(entry, spec, q, { ...context, listing })),
              )
            : spec.quantizations.map((quantization) => ({
                quantization,
                cached: false,
                here: false,
                hubs: [],
                file_bytes: null,
                file_bytes_source: null,
                memory_bytes: null,
                memory_basis: null,
                tokens_per_second: null,
                fit: 'unknown' as const,
              })),
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
        const choices = specs
          .filter((spec) => spec.runnable)
          .flatMap((spec) => spec.quantizations.map((fit) => ({ spec, fit })))
        // Cached before downloads, then the better grade, then the larger file (more bits, better answers).
        choices.sort(
          (a, b) =>
            Number(b.fit.cached) - Number(a.fit.cached) ||
            GRADE_RANK[a.fit.fit] - GRADE_RANK[b.fit.fit] ||
            (b.fit.file_bytes ?? 0) - (a.fit.file_bytes ?? 0),
        )
        return { entry, choices }
      }),
    )
    const needed = new Set(
      all.flatMap(({ choices }) =>
        choices.filter(({ fit }) => runs(fit.fit) && !fit.here).flatMap(({ fit }) => fit.hubs),
      ),
    )
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
      const fitting = choices.filter(({ fit }) => runs(fit.fit))
      const usable = fitting.filter(({ fit }) => ['here', 'download'].includes(filesOf(fit)))
      // Cached first; else the largest model that fits well at the usual Q4_K_M; else what fits well; else the
      // usual Q4_K_M however it runs (not the largest file: where everything is slow, that is the slowest).
      const usual = ({ fit }: (typeof choices)[number]) => /^q4_k_m$/i.test(fit.quantization)
      const pick = (list: typeof choices) =>
        list.find(({ fit }) => fit.cached) ??
        list.find((choice) => choice.fit.fit === 'fits' && usual(choice)) ??
        list.find(({ fit }) => fit.fit === 'fits') ??
        list.find(usual) ??
        list[0]
      const best = pick(usable) ?? pick(fitting) ?? choices[0]
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
        runs_here: usable.length > 0,
      }
    })
    const hubs: Hub[] = ['huggingface', 'modelscope']
    return { target, hubs: hubs.map((hub) => hubFiles.reachOf(hub)), models }
  }
}
