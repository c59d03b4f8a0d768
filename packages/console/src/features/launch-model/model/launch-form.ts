import {
  LaunchRequest,
  MAX_CONTEXT,
  MAX_IDLE_TTL,
  MAX_PARALLEL,
  MIN_CONTEXT,
  type ModelType,
} from '@serving-console/contract'
import { sizeValue } from '../../../lib/launch-command'
import { typedValue, valueText } from './typed-value'
import { rangeError, rowComplete, type KeyValueRow } from './validation'

/** SPEC §3 kinds as the Launch screen groups them: the model types of the wire. */
export type LaunchKind = ModelType

export interface LaunchForm {
  modelUid: string
  engine: string
  format: string
  size: string
  quantization: string
  /** 'auto', 'CPU' or a GPU count as text. */
  nGpu: string
  nGpuLayers: number
  replica: number
  requestLimits: string
  workerIp: string
  gpuIdx: string
  /** '' means none. */
  downloadHub: string
  /** Embedding, rerank, flexible: GPU or CPU. */
  device: 'GPU' | 'CPU'
  extra: KeyValueRow[]
  loras: KeyValueRow[]
  imageLoraLoad: KeyValueRow[]
  imageLoraFuse: KeyValueRow[]
  /** The platform's own options (docs/platform.md), as typed; '' means its default. */
  nParallel: string
  nCtx: string
  idleTtl: string
}

/**
 * The embedded platform's launch options that have fields of their own, with their bounds (the contract's), and
 * the kinds each applies to: `n_parallel` is the requests a replica serves at once (a language model's context
 * sequences, an embedding or rerank model's contexts), `n_ctx` the tokens of context each of a language model's
 * places holds, `idle_ttl` the minutes without a request after which any model it runs is unloaded.
 */
export const PLATFORM_FIELDS = {
  nParallel: { key: 'n_parallel', min: 1, max: MAX_PARALLEL, kinds: ['LLM', 'embedding', 'rerank'] },
  nCtx: { key: 'n_ctx', min: MIN_CONTEXT, max: MAX_CONTEXT, kinds: ['LLM'] },
  idleTtl: { key: 'idle_ttl', min: 1, max: MAX_IDLE_TTL, kinds: ['LLM', 'embedding', 'rerank'] },
} as const satisfies Record<
  string,
  { key: keyof LaunchRequest; min: number; max: number; kinds: LaunchKind[] }
>
export type PlatformField = keyof typeof PLATFORM_FIELDS

/** Whether a kind's launch has this platform field. */
export const hasPlatformField = (kind: LaunchKind, field: PlatformField) =>
  (PLATFORM_FIELDS[field].kinds as readonly LaunchKind[]).includes(kind)

/** Whether a platform field this kind has holds what the platform would refuse. */
export const platformFieldsInvalid = (kind: LaunchKind, form: LaunchForm) =>
  (Object.keys(PLATFORM_FIELDS) as PlatformField[]).some(
    (field) =>
      hasPlatformField(kind, field) &&
      rangeError(form[field], PLATFORM_FIELDS[field].min, PLATFORM_FIELDS[field].max) !== null,
  )

/**
 * The form for a server without those fields (a gateway to an Xinference cluster): what they hold goes back to
 * the additional parameters, where it was typed before they existed, and is sent from there as it was.
 */
export function platformFieldsAsExtra(form: LaunchForm): LaunchForm {
  const moved = (Object.keys(PLATFORM_FIELDS) as PlatformField[])
    .filter((field) => form[field].trim() !== '')
    .map((field) => ({ key: PLATFORM_FIELDS[field].key, value: form[field].trim() }))
  const emptied = Object.fromEntries(Object.keys(PLATFORM_FIELDS).map((field) => [field, '']))
  return moved.length ? { ...form, ...emptied, extra: [...form.extra, ...moved] } : form
}

/** SPEC §9 defaults: replica 1, n_gpu auto (CPU without GPUs), N GPU Layers -1, device GPU when GPUs exist. */
export function emptyForm(gpuCount: number): LaunchForm {
  return {
    modelUid: '',
    engine: '',
    format: '',
    size: '',
    quantization: '',
    nGpu: gpuCount > 0 ? 'auto' : 'CPU',
    nGpuLayers: -1,
    replica: 1,
    requestLimits: '',
    workerIp: '',
    gpuIdx: '',
    downloadHub: '',
    device: gpuCount > 0 ? 'GPU' : 'CPU',
    extra: [],
    loras: [],
    imageLoraLoad: [],
    imageLoraFuse: [],
    nParallel: '',
    nCtx: '',
    idleTtl: '',
  }
}

const completeRows = (rows: KeyValueRow[]) => rows.filter(rowComplete)
const toObject = (rows: KeyValueRow[]) =>
  Object.fromEntries(completeRows(rows).map((row) => [row.key.trim(), typedValue(row.value)]))
const toRows = (value: unknown): KeyValueRow[] =>
  value && typeof value === 'object'
    ? Object.entries(value).map(([key, v]) => ({ key, value: valueText(v) }))
    : []

/** A platform field's value for the payload, when its kind has it and it is filled. */
function platformOptions(kind: LaunchKind, form: LaunchForm): Record<string, number> {
  const options: Record<string, number> = {}
  for (const field of Object.keys(PLATFORM_FIELDS) as PlatformField[]) {
    const text = form[field].trim()
    if (text !== '' && hasPlatformField(kind, field)) options[PLATFORM_FIELDS[field].key] = Number(text)
  }
  return options
}

const gpuIdx = (text: string) => (text.trim() ? text.replace(/\s/g, '').split(',').map(Number) : null)

/** The launch payload of SPEC §3 for a kind; always with a model_uid, so progress and cancel find the model. */
export function buildPayload(kind: LaunchKind, modelName: string, form: LaunchForm): LaunchRequest {
  const base = {
    model_uid: form.modelUid.trim() || modelName,
    model_name: modelName,
    model_type: kind,
  }
  const downloadHub = (form.downloadHub || null) as LaunchRequest['download_hub']
  if (kind === 'image' || kind === 'audio') return { ...base, download_hub: downloadHub }
  if (kind !== 'LLM') {
    return {
      ...base,
      download_hub: downloadHub,
      replica: form.replica,
      n_gpu: form.device === 'GPU' ? 'auto' : null,
      worker_ip: form.workerIp.trim() || null,
      gpu_idx: form.device === 'GPU' ? gpuIdx(form.gpuIdx) : null,
      ...platformOptions(kind, form),
    }
  }
  const loras = completeRows(form.loras)
  const hasLora =
    loras.length > 0 ||
    completeRows(form.imageLoraLoad).length > 0 ||
    completeRows(form.imageLoraFuse).length > 0
  return {
    ...toObject(form.extra),
    ...base,
    model_engine: form.engine,
    model_format: form.format,
    model_size_in_billions: sizeValue(form.size),
    quantization: form.quantization,
    n_gpu: form.nGpu === 'CPU' ? null : form.nGpu === 'auto' ? 'auto' : Number(form.nGpu),
    ...(form.nGpuLayers >= 0 ? { n_gpu_layers: form.nGpuLayers } : {}),
    replica: form.replica,
    request_limits: form.requestLimits.trim() ? Number(form.requestLimits) : null,
    worker_ip: form.workerIp.trim() || null,
    gpu_idx: gpuIdx(form.gpuIdx),
    download_hub: downloadHub,
    ...platformOptions(kind, form),
    peft_model_config: hasLora
      ? {
          lora_list: loras.map((row) => ({ lora_name: row.key.trim(), local_path: row.value.trim() })),
          image_lora_load_kwargs: completeRows(form.imageLoraLoad).length
            ? toObject(form.imageLoraLoad)
            : null,
          image_lora_fuse_kwargs: completeRows(form.imageLoraFuse).length
            ? toObject(form.imageLoraFuse)
            : null,
        }
      : null,
  }
}

/**
 * The payload's named fields, which the form has a field for; any other key is an extra engine parameter, given
 * back to the optional configurations.
 */
const KNOWN = new Set(Object.keys(LaunchRequest.shape))

/** A saved payload (historyArr) back into the form: the 'Last Config' preload of SPEC §4. */
export function formFromPayload(payload: Record<string, unknown>, gpuCount: number): LaunchForm {
  const form = emptyForm(gpuCount)
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
  const peft = (payload.peft_model_config ?? {}) as Record<string, unknown>
  const nGpu = payload.n_gpu
  return {
    ...form,
    modelUid: text(payload.model_uid),
    engine: text(payload.model_engine),
    format: text(payload.model_format),
    size: text(payload.model_size_in_billions),
    quantization: text(payload.quantization),
    nGpu: nGpu === null ? 'CPU' : nGpu === undefined ? form.nGpu : text(nGpu),
    nGpuLayers: typeof payload.n_gpu_layers === 'number' ? payload.n_gpu_layers : -1,
    replica: typeof payload.replica === 'number' ? payload.replica : 1,
    requestLimits: text(payload.request_limits),
    workerIp: text(payload.worker_ip),
    gpuIdx: Array.isArray(payload.gpu_idx) ? payload.gpu_idx.join(',') : '',
    downloadHub: text(payload.download_hub),
    device: 'n_gpu' in payload ? (nGpu === null ? 'CPU' : 'GPU') : form.device,
    extra: Object.entries(payload)
      .filter(([key]) => !KNOWN.has(key))
      .map(([key, value]) => ({ key, value: valueText(value) })),
    loras: Array.isArray(peft.lora_list)
      ? (peft.lora_list as { lora_name?: unknown; local_path?: unknown }[]).map((lora) => ({
          key: text(lora.lora_name),
          value: text(lora.local_path),
        }))
      : [],
    imageLoraLoad: toRows(peft.image_lora_load_kwargs),
    imageLoraFuse: toRows(peft.image_lora_fuse_kwargs),
    nParallel: text(payload.n_parallel),
    nCtx: text(payload.n_ctx),
    idleTtl: text(payload.idle_ttl),
  }
}

/**
 * A uid like `uid` that nothing in `taken` uses: `uid` itself, else `uid-2`, `uid-3`… Last Config's uid is the
 * one of a launch that may still be running, and a second copy under it would be refused.
 */
export function freeUid(uid: string, taken: ReadonlySet<string>): string {
  if (!taken.has(uid)) return uid
  for (let copy = 2; ; copy++) {
    const candidate = `${uid}-${String(copy)}`
    if (!taken.has(candidate)) return candidate
  }
}
