import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { ModelRegistration, ModelType } from '@serving-console/contract'
import type { ModelCache } from '../cache/model-cache.js'
import type { CustomModelsRepository } from '../db/custom-models.js'
import { customFamily } from './custom-registration.js'
import { type Family, modelVersion, type Catalogue as BuiltinCatalogue } from './families.js'

export interface CatalogueFamily {
  type: ModelType
  family: Family
  is_builtin: boolean
}

/** A JSON answer computed once and kept until the catalogue or the cache changes. */
export interface CachedAnswer {
  body: string
  gzip: Buffer
  etag: string
}

/**
 * Built-in plus custom models, with `cache_status` read from real files. The detailed answer of each type is
 * kept (JSON, gzip, ETag) until a registration or the cache changes.
 */
export class Catalogue {
  private readonly detailed = new Map<ModelType, CachedAnswer>()

  constructor(
    private readonly builtin: BuiltinCatalogue,
    private readonly custom: CustomModelsRepository,
    private readonly cache: ModelCache,
  ) {
    cache.onChange(() => this.invalidate())
  }

  invalidate(): void {
    this.detailed.clear()
  }

  families(type: ModelType): CatalogueFamily[] {
    const builtin = this.builtin[type].map((family) => ({ type, family, is_builtin: true }))
    const custom = this.custom.list(type).flatMap(({ body }) => {
      const family = customFamily(type, body)
      return family ? [{ type, family, is_builtin: false }] : []
    })
    return [...builtin, ...custom]
  }

  find(type: ModelType, name: string): CatalogueFamily | undefined {
    return this.families(type).find(({ family }) => family.model_name === name)
  }

  /** A model by name among all types (engines and launch name a model without its type). */
  findAnyType(name: string, preferred?: ModelType): CatalogueFamily | undefined {
    if (preferred) return this.find(preferred, name)
    for (const type of Object.keys(this.builtin) as ModelType[]) {
      const found = this.find(type, name)
      if (found) return found
    }
    return undefined
  }

  isBuiltinName(name: string): boolean {
    return Object.values(this.builtin).some((families) =>
      families.some((family) => family.model_name === name),
    )
  }

  names(type: ModelType) {
    return this.families(type)
      .map(({ family, is_builtin }) => ({ model_name: family.model_name, is_builtin }))
      .sort((a, b) => a.model_name.toLowerCase().localeCompare(b.model_name.toLowerCase()))
  }

  /** One family in SPEC §3's wire shape, with one cache flag per quantization. */
  wire({ type, family, is_builtin }: CatalogueFamily): ModelRegistration {
    const model_specs = family.model_specs.map((spec) => {
      const {
        generated: _generated,
        modelscope_model_id: _modelscope,
        attention: _attention,
        ...wireSpec
      } = spec
      return {
        ...wireSpec,
        model_hub: spec.model_id ? 'huggingface' : null,
        cache_status: spec.quantizations.map((quantization) =>
          this.cache.isCached(modelVersion(family.model_name, spec, quantization)),
        ),
      }
    })
    const first = model_specs[0]
    const cached = model_specs.some((spec) => spec.cache_status.some(Boolean))
    return {
      ...family,
      model_type: type,
      is_builtin,
      model_family: typeof family.model_family === 'string' ? family.model_family : null,
      model_specs,
      // Upstream's non-LLM kinds name their files at the top level.
      ...(type === 'LLM' ? {} : { model_id: first?.model_id ?? null, model_hub: first?.model_hub ?? null }),
      cache_status: cached,
    }
  }

  detailedAnswer(type: ModelType): CachedAnswer {
    let answer = this.detailed.get(type)
    if (!answer) {
      const body = JSON.stringify(this.families(type).map((entry) => this.wire(entry)))
      answer = {
        body,
        gzip: gzipSync(body),
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      }
      this.detailed.set(type, answer)
    }
    return answer
  }
}
