import { statSync } from 'node:fs'
import type { QuantizationFit, SpecFit } from '@serving-console/contract'
import { ggufFileName, type FamilySpec } from '../catalogue/families.js'
import type { Hub } from '../download/hubs.js'
import { tinyModel } from '../gguf/tiny-models.js'
import { bitsPerWeight } from './bits-per-weight.js'
import { tokensPerSecond } from './decode-speed.js'
import type { GgufHeaders } from './gguf-kv.js'
import type { FileSizes } from './hub-files.js'
import { grade } from './grade.js'

/** llama.cpp's compute buffers and the worker process itself, beside the weights and KV cache (rough). */
const RUNTIME_BYTES = 160 * 1024 * 1024
const KV_BYTES = 2

/** `here`: cached, a custom model's own, or written by the platform; else which hubs publish it. */
export type QuantizationHere = QuantizationFit & { here: boolean; hubs: Hub[] }
export type SpecHere = Omit<SpecFit, 'quantizations'> & { quantizations: QuantizationHere[] }

/** What one launch would have: the tokens of context it holds, the memory free, the bandwidth, the hub's files. */
export interface LaunchContext {
  tokens: number
  free: number
  /** Null for kinds that write no tokens: no speed to estimate. */
  bandwidth: number | null
  listing: FileSizes | undefined | null
}

/** Where a quantization's file would come from, as far as the fitter knows. */
export interface QuantizationSource {
  /** The file when it is already here: cached, or a custom model's own. */
  local: string | null
  /** The kind of tiny model the platform writes for it, for a built-in generated model. */
  generated: NonNullable<FamilySpec['generated']> | null
}

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

/** The file's size: the local file, the platform's own, the hub's file list, else parameters × bits per weight. */
function fileSize(
  spec: FamilySpec,
  quantization: string,
  { local, generated }: QuantizationSource,
  listing: LaunchContext['listing'],
): { bytes: number | null; source: QuantizationFit['file_bytes_source'] } {
  const fileName = ggufFileName(spec, quantization)
  const listed = fileName ? listing?.get(fileName) : undefined
  if (local) {
    const bytes = statSync(local, { throwIfNoEntry: false })?.size ?? null
    return { bytes, source: bytes === null ? null : 'cache' }
  }
  if (generated) return { bytes: generatedSize(generated), source: 'cache' }
  if (listed !== undefined) return { bytes: listed, source: 'hub' }
  const params = billions(spec.model_size_in_billions)
  const bits = bitsPerWeight(quantization)
  return params !== null && bits !== null
    ? { bytes: Math.round((params * 1e9 * bits) / 8), source: 'parameters' }
    : { bytes: null, source: null }
}

/**
 * One quantization's fit: the weights, read whole, plus the KV cache for the context's tokens (from the GGUF
 * header of a file that is here, else from the catalogue's attention shape), plus the runtime, against the free
 * memory; and the speed the bandwidth allows. docs/platform.md.
 */
export async function fitQuantization(
  headers: GgufHeaders,
  spec: FamilySpec,
  quantization: string,
  source: QuantizationSource,
  context: LaunchContext,
): Promise<QuantizationHere> {
  const { bytes: fileBytes, source: sizeSource } = fileSize(spec, quantization, source, context.listing)
  const fromHeader = source.local ? await headers.kvBytesPerToken(source.local) : null
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
    cached: source.local !== null,
    here: source.local !== null || source.generated !== null,
    hubs,
    file_bytes: fileBytes,
    file_bytes_source: sizeSource,
    memory_bytes: memory,
    memory_basis: memory === null ? null : fromHeader !== null ? 'header' : 'catalogue',
    tokens_per_second: speed,
    fit: grade(memory, fileBytes, context.free, speed),
  }
}

/** A quantization of a spec that cannot run here: nothing to estimate. */
export const notRunnable = (quantization: string): QuantizationHere => ({
  quantization,
  cached: false,
  here: false,
  hubs: [],
  file_bytes: null,
  file_bytes_source: null,
  memory_bytes: null,
  memory_basis: null,
  tokens_per_second: null,
  fit: 'unknown',
})
