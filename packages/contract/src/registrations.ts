import * as z from 'zod/mini'

/** A model size: an integer, a float, or upstream's string form with an underscore for decimals (`"1_8"`). */
export const ModelSize = z.union([z.number(), z.string().check(z.maxLength(32))])
export type ModelSize = z.infer<typeof ModelSize>

/**
 * One spec of a catalogue entry. Two shapes exist on the wire and both must be read: SPEC's (and upstream ≤ v1.7)
 * `quantizations` list with `cache_status` as a boolean or a list of flags, and upstream ≥ v1.8's flattened rows
 * with a single `quantization` string.
 */
export const ModelSpec = z.looseObject({
  model_format: z.string(),
  model_size_in_billions: z.nullish(ModelSize),
  quantizations: z.optional(z.array(z.string())),
  quantization: z.nullish(z.string()),
  cache_status: z.nullish(z.union([z.boolean(), z.array(z.boolean())])),
  model_id: z.nullish(z.string()),
  model_hub: z.nullish(z.string()),
  model_uri: z.nullish(z.string()),
  model_revision: z.nullish(z.string()),
  model_file_name_template: z.nullish(z.string()),
})
export type ModelSpec = z.infer<typeof ModelSpec>

/** A catalogue entry of `GET /api/v1/model_registrations/{type}?detailed=true`, any of the six kinds. */
export const ModelRegistration = z.looseObject({
  model_name: z.string(),
  model_description: z.nullish(z.string()),
  model_lang: z.nullish(z.array(z.string())),
  // Upstream's MeloTTS audio models (every version from 1.8 to 3.x) write their one language as a string.
  language: z.nullish(z.union([z.array(z.string()), z.string()])),
  model_family: z.nullish(z.string()),
  model_ability: z.nullish(z.array(z.string())),
  context_length: z.nullish(z.number()),
  model_specs: z.nullish(z.array(ModelSpec)),
  is_builtin: z.optional(z.boolean()),
  cache_status: z.nullish(z.union([z.boolean(), z.array(z.boolean())])),
  dimensions: z.nullish(z.number()),
  max_tokens: z.nullish(z.number()),
})
export type ModelRegistration = z.infer<typeof ModelRegistration>

export const ModelRegistrationList = z.array(ModelRegistration)

/** `GET /api/v1/model_registrations/{type}` without `detailed`: names only. */
export const RegistrationName = z.looseObject({
  model_name: z.string(),
  is_builtin: z.boolean(),
})
export const RegistrationNameList = z.array(RegistrationName)
export type RegistrationName = z.infer<typeof RegistrationName>

export const RegistrationsQuery = z.object({
  detailed: z.optional(z.enum(['true', 'false'])),
})

/** The longest registration JSON accepted (a prompt template included). */
export const REGISTRATION_MAX_LENGTH = 256 * 1024

/** `POST /api/v1/model_registrations/{modelType}`: the form serialized as a JSON string, persist always true. */
export const RegisterModelRequest = z.object({
  model: z.string().check(z.maxLength(REGISTRATION_MAX_LENGTH)),
  persist: z.boolean(),
})
export type RegisterModelRequest = z.infer<typeof RegisterModelRequest>

/** One engine's spec in `GET /api/v1/engines/{model_name}`. */
export const EngineSpec = z.looseObject({
  model_name: z.optional(z.string()),
  model_format: z.string(),
  model_size_in_billions: ModelSize,
  quantizations: z.array(z.string()),
  /** Xinference 2.12+: the engine is not installed where the model runs and comes in a virtual environment. */
  virtualenv_required: z.optional(z.boolean()),
})
export type EngineSpec = z.infer<typeof EngineSpec>

/**
 * Engine name → specs. Newer upstream servers answer a string (the reason) for an engine that cannot run here,
 * and so does the embedded platform.
 */
export const EngineMap = z.record(z.string(), z.union([z.array(EngineSpec), z.string()]))
export type EngineMap = z.infer<typeof EngineMap>

/** `GET /api/v1/models/prompts`: prompt styles keyed by family name. */
export const PromptStyles = z.record(z.string(), z.looseObject({}))
export type PromptStyles = z.infer<typeof PromptStyles>

/** `GET /api/v1/models/families`: family names per ability. */
export const ModelFamilies = z.looseObject({
  chat: z.array(z.string()),
  generate: z.array(z.string()),
})
export type ModelFamilies = z.infer<typeof ModelFamilies>

/** Path parameters of the registration routes: `{model_type}` as upstream spells it (`LLM`), or SPEC's `llm`. */
export const ModelTypeParams = z.object({ model_type: z.string().check(z.maxLength(32)) })
export const RegistrationParams = z.object({
  model_type: z.string().check(z.maxLength(32)),
  model_name: z.string().check(z.minLength(1), z.maxLength(1024)),
})
export const ModelNameParams = z.object({ model_name: z.string().check(z.minLength(1), z.maxLength(1024)) })

/** `GET /api/v1/models/file_info?path=`: what a local GGUF file says about itself, to fill a register form. */
export const FileInfoQuery = z.object({ path: z.string().check(z.minLength(1), z.maxLength(4096)) })
export const GgufFileInfo = z.looseObject({
  /** The file's real path, its folder and its name. */
  path: z.string(),
  folder: z.string(),
  file_name: z.string(),
  architecture: z.nullable(z.string()),
  context_length: z.nullable(z.number()),
  /** Width of the model's vectors: an embedding model's dimensions. */
  embedding_length: z.nullable(z.number()),
  size_in_billions: z.nullable(z.number()),
  quantization: z.nullable(z.string()),
  chat_template: z.nullable(z.string()),
})
export type GgufFileInfo = z.infer<typeof GgufFileInfo>
