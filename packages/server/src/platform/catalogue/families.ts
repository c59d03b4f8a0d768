import { readFileSync } from 'node:fs'
import type { ModelType } from '@serving-console/contract'
import * as z from 'zod/mini'

/** One spec of a family: a format and size, the quantizations it comes in, and where its files live. */
export const FamilySpec = z.looseObject({
  model_format: z.string(),
  model_size_in_billions: z.nullish(z.union([z.number(), z.string()])),
  quantizations: z.array(z.string()).check(z.minLength(1)),
  /** Hub repository (built-in models). */
  model_id: z.nullish(z.string()),
  model_revision: z.nullish(z.string()),
  /** Local path (custom models). */
  model_uri: z.nullish(z.string()),
  model_file_name_template: z.nullish(z.string()),
  modelscope_model_id: z.nullish(z.string()),
  /**
   * A GGUF model's attention shape, as its header gives it: with the context length it sizes the KV cache before
   * the file is here (see fit/model-fit.ts).
   */
  attention: z.nullish(
    z.object({
      layers: z.number().check(z.int(), z.positive()),
      kv_heads: z.number().check(z.int(), z.positive()),
      head_dim: z.number().check(z.int(), z.positive()),
    }),
  ),
  /** Models the platform writes itself (tiny-models.ts) instead of downloading. */
  generated: z.nullish(z.enum(['chat', 'embedding', 'rerank'])),
})
export type FamilySpec = z.infer<typeof FamilySpec>

/** A catalogue entry of any kind; kind-specific fields (dimensions, model_family, ...) ride along as is. */
export const Family = z.looseObject({
  model_name: z.string().check(z.minLength(1)),
  model_description: z.nullish(z.string()),
  model_specs: z.array(FamilySpec).check(z.minLength(1)),
})
export type Family = z.infer<typeof Family>

export type Catalogue = Record<ModelType, Family[]>

const FILES: Record<ModelType, string | null> = {
  LLM: 'llm.json',
  embedding: 'embedding.json',
  rerank: 'rerank.json',
  image: 'image.json',
  audio: 'audio.json',
  flexible: null,
}

/** The built-in catalogue, kept as data in `packages/server/catalogue/`; checked at start-up. */
export function loadBuiltinCatalogue(dir = new URL('../../../catalogue/', import.meta.url)): Catalogue {
  const read = (file: string | null): Family[] =>
    file ? z.array(Family).parse(JSON.parse(readFileSync(new URL(file, dir), 'utf8'))) : []
  return Object.fromEntries(Object.entries(FILES).map(([type, file]) => [type, read(file)])) as Catalogue
}

/** Upstream's cache key of one spec and quantization: `qwen2.5-instruct--0_5B--ggufv2--q4_k_m`. */
export function modelVersion(modelName: string, spec: FamilySpec, quantization: string): string {
  const size = spec.model_size_in_billions
  return [modelName, size === null || size === undefined ? null : `${size}B`, spec.model_format, quantization]
    .filter((part) => part !== null)
    .join('--')
}

/** The file name of a GGUF spec's quantization. */
export function ggufFileName(spec: FamilySpec, quantization: string): string | null {
  return spec.model_file_name_template
    ? spec.model_file_name_template.replaceAll('{quantization}', quantization)
    : null
}
