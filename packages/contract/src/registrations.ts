import { z } from 'zod'

/** A model size: an integer, a float, or upstream's string form with an underscore for decimals (`"1_8"`). */
export const ModelSize = z.union([z.number(), z.string().max(32)])
export type ModelSize = z.infer<typeof ModelSize>

/**
 * One spec of a catalogue entry. Two shapes exist on the wire and both must be read: SPEC's (and upstream ≤ v1.7)
 * `quantizations` list with `cache_status` as a boolean or a list of flags, and upstream ≥ v1.8's flattened rows
 * with a single `quantization` string.
 */
export const ModelSpec = z.looseObject({
  model_format: z.string(),
  model_size_in_billions: ModelSize.nullish(),
  quantizations: z.array(z.string()).optional(),
  quantization: z.string().nullish(),
  cache_status: z.union([z.boolean(), z.array(z.boolean())]).nullish(),
  model_id: z.string().nullish(),
  model_hub: z.string().nullish(),
  model_uri: z.string().nullish(),
  model_revision: z.string().nullish(),
  model_file_name_template: z.string().nullish(),
})
export type ModelSpec = z.infer<typeof ModelSpec>

/** A catalogue entry of `GET /api/v1/model_registrations/{type}?detailed=true`, any of the six kinds. */
export const ModelRegistration = z.looseObject({
  model_name: z.string(),
  model_description: z.string().nullish(),
  model_lang: z.array(z.string()).nullish(),
  language: z.array(z.string()).nullish(),
  model_family: z.string().nullish(),
  model_ability: z.array(z.string()).nullish(),
  context_length: z.number().nullish(),
  model_specs: z.array(ModelSpec).nullish(),
  is_builtin: z.boolean().optional(),
  cache_status: z.union([z.boolean(), z.array(z.boolean())]).nullish(),
  dimensions: z.number().nullish(),
  max_tokens: z.number().nullish(),
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
  detailed: z.enum(['true', 'false']).optional(),
})

/** The longest registration JSON accepted (a prompt template included). */
export const REGISTRATION_MAX_LENGTH = 256 * 1024

/** `POST /api/v1/model_registrations/{modelType}`: the form serialized as a JSON string, persist always true. */
export const RegisterModelRequest = z.object({
  model: z.string().max(REGISTRATION_MAX_LENGTH),
  persist: z.boolean(),
})
export type RegisterModelRequest = z.infer<typeof RegisterModelRequest>

/** One engine's spec in `GET /api/v1/engines/{model_name}`. */
export const EngineSpec = z.looseObject({
  model_name: z.string().optional(),
  model_format: z.string(),
  model_size_in_billions: ModelSize,
  quantizations: z.array(z.string()),
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
export const ModelTypeParams = z.object({ model_type: z.string().max(32) })
export const RegistrationParams = z.object({
  model_type: z.string().max(32),
  model_name: z.string().min(1).max(1024),
})
export const ModelNameParams = z.object({ model_name: z.string().min(1).max(1024) })

/** `GET /api/v1/models/file_info?path=`: what a local GGUF file says about itself, to fill a register form. */
export const FileInfoQuery = z.object({ path: z.string().min(1).max(4096) })
export const GgufFileInfo = z.looseObject({
  /** The file's real path, its folder and its name. */
  path: z.string(),
  folder: z.string(),
  file_name: z.string(),
  architecture: z.string().nullable(),
  context_length: z.number().nullable(),
  /** Width of the model's vectors: an embedding model's dimensions. */
  embedding_length: z.number().nullable(),
  size_in_billions: z.number().nullable(),
  quantization: z.string().nullable(),
  chat_template: z.string().nullable(),
})
export type GgufFileInfo = z.infer<typeof GgufFileInfo>
