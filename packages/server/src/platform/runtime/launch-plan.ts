import {
  DEFAULT_PARALLEL,
  ModelName,
  toWireModelType,
  type LaunchRequest,
  type ModelType,
  ModelType as ModelTypeSchema,
} from '@serving-console/contract'
import type { Catalogue } from '../catalogue/catalogue.js'
import type { Family, FamilySpec } from '../catalogue/families.js'
import type { Hub } from '../download/hubs.js'
import { HttpError } from '../../http/http-error.js'
import { CLUSTER_ONLY, ENGINE, runnableHere, workerKind } from './capabilities.js'
import type { WorkerKind } from './protocol.js'

/** What a launch request resolves to: one family, one spec and quantization, and how to run it. */
export interface LaunchPlan {
  uid: string
  type: ModelType
  family: Family
  isBuiltin: boolean
  spec: FamilySpec
  quantization: string
  kind: WorkerKind
  replica: number
  /** Requests each replica serves at once: a language model's context sequences, an embedding or rerank model's contexts. */
  parallel: number
  /** Tokens of context each sequence holds, as the launch asked (`n_ctx`); null: the default (sequenceContext). */
  contextSize: number | null
  hub: Hub
  requestLimits: number | null
  /** Unloaded after this long without a request (ms); null: never. */
  idleTtlMs: number | null
  useGpu: boolean
  /** For a custom chat model: the template of its prompt style, or of the built-in family it names. */
  chatTemplate: { template: string; from: string } | null
}

/** A custom LLM chats as its registration says: its own prompt style's template, else its family's. */
function chatTemplateOf(
  family: Family,
  isBuiltin: boolean,
  catalogue: Catalogue,
): LaunchPlan['chatTemplate'] {
  if (isBuiltin) return null
  const style = family.prompt_style as { chat_template?: unknown } | null | undefined
  if (typeof style?.chat_template === 'string')
    return { template: style.chat_template, from: 'its prompt style' }
  const name = typeof family.model_family === 'string' ? family.model_family : null
  const builtin = name ? catalogue.find('LLM', name) : undefined
  const template = builtin?.is_builtin ? builtin.family.chat_template : undefined
  return typeof template === 'string' && name ? { template, from: `the ${name} family` } : null
}

/**
 * Tokens of context each sequence of a model gets here: the launch's `n_ctx`, else its training context, at most
 * the platform's default (`limit`): every sequence holds its own, so memory grows with it times `n_parallel`.
 */
export const sequenceContext = (family: Family, limit: number, asked: number | null = null): number =>
  asked ?? Math.min(Number(family.context_length ?? 2048), limit)

/** The launch's `n_ctx`, refused past the context the model was trained for (when its family says). */
function askedContext(family: Family, request: LaunchRequest): number | null {
  const trained = typeof family.context_length === 'number' ? family.context_length : null
  if (request.n_ctx === undefined) return null
  if (trained !== null && request.n_ctx > trained) {
    throw new HttpError(
      400,
      `n_ctx ${request.n_ctx} is more than ${family.model_name} was trained for (context length ${trained} tokens)`,
    )
  }
  return request.n_ctx
}

/** Sizes arrive as 7, "7", 0.5, "0.5" or "0_5"; compare them as one. */
export const sameSize = (a: number | string | null | undefined, b: number | string | null | undefined) =>
  String(a ?? '').replace('_', '.') === String(b ?? '').replace('_', '.')

function chooseSpec(
  type: ModelType,
  family: Family,
  request: LaunchRequest,
): { spec: FamilySpec; quantization: string } {
  const name = family.model_name
  if (type !== 'LLM') {
    const spec = family.model_specs.find((candidate) => runnableHere(type, candidate))
    if (!spec) throw new HttpError(400, `${name} ${CLUSTER_ONLY}`)
    const quantization =
      request.quantization && spec.quantizations.includes(request.quantization)
        ? request.quantization
        : spec.quantizations[0]
    return { spec, quantization: quantization ?? 'none' }
  }
  if (request.model_engine && request.model_engine !== ENGINE) {
    throw new HttpError(400, `Engine ${request.model_engine} ${CLUSTER_ONLY}; this platform runs ${ENGINE}`)
  }
  const matching = family.model_specs.filter(
    (spec) =>
      (!request.model_format || spec.model_format === request.model_format) &&
      (request.model_size_in_billions === undefined ||
        request.model_size_in_billions === null ||
        sameSize(spec.model_size_in_billions, request.model_size_in_billions)) &&
      (!request.quantization ||
        spec.quantizations.includes(request.quantization) ||
        spec.quantizations.length === 1),
  )
  const spec = matching.find((candidate) => runnableHere(type, candidate)) ?? matching[0]
  if (!spec) {
    throw new HttpError(
      400,
      `${name} has no spec of format ${request.model_format ?? 'any'}, size ${String(request.model_size_in_billions ?? 'any')}, quantization ${request.quantization ?? 'any'}`,
    )
  }
  if (!runnableHere(type, spec))
    throw new HttpError(400, `${name} in ${spec.model_format} format ${CLUSTER_ONLY}`)
  const quantization =
    request.quantization && spec.quantizations.includes(request.quantization)
      ? request.quantization
      : spec.quantizations[0]
  return { spec, quantization: quantization ?? 'none' }
}

/**
 * Checks a launch request against the catalogue and this machine, answering 400 with the reason for anything
 * it cannot run.
 */
export function planLaunch(
  request: LaunchRequest,
  catalogue: Catalogue,
  machine: { address: string; gpuCount: number },
): LaunchPlan {
  const parsedType = ModelTypeSchema.safeParse(toWireModelType(request.model_type))
  if (!parsedType.success) throw new HttpError(400, `Unsupported model type: ${request.model_type}`)
  const type = parsedType.data
  const found = catalogue.find(type, request.model_name)
  if (!found) throw new HttpError(400, `Model ${request.model_name} not found`)
  const kind = workerKind(type)
  if (!kind) throw new HttpError(400, `${type} models ${CLUSTER_ONLY}`)

  if (
    request.worker_ip &&
    request.worker_ip !== machine.address &&
    request.worker_ip !== machine.address.split(':')[0]
  ) {
    throw new HttpError(
      400,
      `No worker at ${request.worker_ip}; this platform's only worker is ${machine.address}`,
    )
  }
  if (request.gpu_idx?.some((index) => index >= machine.gpuCount)) {
    throw new HttpError(400, `GPU index out of range: this machine has ${machine.gpuCount} GPU(s)`)
  }
  const hub = request.download_hub ?? 'huggingface'
  if (hub === 'csghub') throw new HttpError(400, 'Downloads from csghub are not supported by this platform')

  const { spec, quantization } = chooseSpec(type, found.family, request)
  const uid = request.model_uid?.trim() || request.model_name
  if (!ModelName.safeParse(uid).success) {
    throw new HttpError(
      400,
      `Invalid model_uid ${JSON.stringify(uid)}: at most 64 letters, digits, '.', '_' and '-'`,
    )
  }
  return {
    uid,
    type,
    family: found.family,
    isBuiltin: found.is_builtin,
    spec,
    quantization,
    kind,
    replica: request.replica ?? 1,
    parallel: request.n_parallel ?? DEFAULT_PARALLEL,
    contextSize: askedContext(found.family, request),
    hub,
    requestLimits: request.request_limits ?? null,
    idleTtlMs: request.idle_ttl ? request.idle_ttl * 60_000 : null,
    useGpu: machine.gpuCount > 0 && request.n_gpu !== null,
    chatTemplate: type === 'LLM' ? chatTemplateOf(found.family, found.is_builtin, catalogue) : null,
  }
}
