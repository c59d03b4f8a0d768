import type { UpstreamProfile } from '../profile.js'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A spec of SPEC §3 (a `quantizations` list) as the specs Xinference ≥ 1.8 takes: one per quantization, each
 * with a `quantization` string.
 */
function flattenSpec(spec: Json): Json[] {
  const { quantizations, ...rest } = spec
  if (!Array.isArray(quantizations)) return [rest]
  return (quantizations as unknown[]).map((quantization) => ({ ...rest, quantization }))
}

/** The one-path kinds of SPEC §3 (`model_uri` at the top) as a single spec of upstream's shape. */
function specsFromUri(model: Json): Json {
  if (Array.isArray(model.model_specs) || typeof model.model_uri !== 'string') return model
  const { model_uri, ...rest } = model
  return { ...rest, model_specs: [{ model_uri, model_format: 'pytorch', quantization: 'none' }] }
}

/**
 * A registration as the console sends it (SPEC §3) in the shape the upstream version accepts. Every real
 * Xinference from 1.8 refuses SPEC's shapes with 400 (recorded: 057, 063, 068): it wants `version: 2`, one
 * `quantization` string per LLM spec, the chat template at the top instead of a `prompt_style`, embedding specs
 * always and rerank specs from 2.x. Kinds whose flat form every version takes (image, audio, flexible) go as
 * they are. Our own platform takes both shapes and keeps what it was given.
 */
export function toUpstreamRegistration(type: string, model: Json, profile: UpstreamProfile): Json {
  if (profile.registrationShape === 'as-given') return model
  switch (type) {
    case 'LLM': {
      const { prompt_style, ...rest } = model
      const style = isObject(prompt_style) ? prompt_style : {}
      const specs = Array.isArray(rest.model_specs) ? rest.model_specs.filter(isObject) : []
      return {
        ...rest,
        version: 2,
        model_specs: specs.flatMap(flattenSpec),
        ...(typeof style.chat_template === 'string' && rest.chat_template === undefined
          ? { chat_template: style.chat_template }
          : {}),
        ...(Array.isArray(style.stop) && rest.stop === undefined ? { stop: style.stop } : {}),
        ...(Array.isArray(style.stop_token_ids) && rest.stop_token_ids === undefined
          ? { stop_token_ids: style.stop_token_ids }
          : {}),
      }
    }
    case 'embedding':
      return withFlatSpecs({ ...specsFromUri(model), version: 2 })
    case 'rerank':
      return profile.rerankSpecs ? withFlatSpecs({ ...specsFromUri(model), version: 2 }) : model
    default:
      return model
  }
}

function withFlatSpecs(model: Json): Json {
  const specs = Array.isArray(model.model_specs) ? model.model_specs.filter(isObject) : []
  return { ...model, model_specs: specs.flatMap(flattenSpec) }
}

/**
 * An upstream registration read back for the edit form: the form reads both spec shapes, and SPEC's
 * `prompt_style` is rebuilt from the chat template upstream keeps at the top, so an edit sends it again.
 */
export function fromUpstreamRegistration(type: string, model: unknown): unknown {
  if (type !== 'LLM' || !isObject(model) || model.prompt_style !== undefined) return model
  if (typeof model.chat_template !== 'string') return model
  return {
    ...model,
    prompt_style: {
      chat_template: model.chat_template,
      stop: model.stop ?? null,
      stop_token_ids: model.stop_token_ids ?? null,
    },
  }
}
