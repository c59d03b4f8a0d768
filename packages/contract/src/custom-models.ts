import { z } from 'zod'
import type { ModelType } from './model-types.js'
import { FileNameTemplate, HubModelId, HubRevision, ModelName, Quantization } from './names.js'

/**
 * Custom model registrations as `POST /api/v1/model_registrations/{type}` carries them (the `model` JSON string),
 * one schema per kind. Both SPEC §3's shapes (`quantizations` lists, flat embedding/rerank/image/audio/flexible
 * bodies with one `model_uri`) and the shape real servers from 1.8 on take (`version: 2`, a `quantization`
 * string) are accepted. Every string, number and list is bounded; unknown top-level keys ride along (upstream
 * clients send a few, such as `virtualenv`) under the depth and size limits of `checkJsonShape`.
 */

/** A local path on the machine that runs the model (or a `file://` URI of one). */
export const ModelPath = z
  .string()
  .min(1)
  .max(4096)
  .refine((path) => !path.includes('\0'), 'a path without NUL characters')

/** `7`, `0.5` or upstream's string form with an underscore for decimals, `"1_8"`. */
const CustomModelSize = z.union([
  z.number().positive().max(100_000),
  z.string().regex(/^\d{1,6}(?:[._]\d{1,6})?$/, 'a number such as 7, 0.5 or 1_8'),
])

const Languages = z.array(z.string().min(1).max(16)).max(300)
const Abilities = z.array(z.string().min(1).max(32)).max(16)
const Family = z.string().max(100)
const Count = (max: number) => z.number().int().positive().max(max)

/**
 * One spec of a custom model. Only these fields are kept: anything else in a spec (such as the platform's own
 * `generated`) is dropped, so a registration can never choose internal behaviour.
 */
export const CustomModelSpec = z.object({
  model_format: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[a-z0-9_]+$/, 'a format such as pytorch, ggufv2, gptq or awq'),
  model_size_in_billions: CustomModelSize.nullish(),
  quantizations: z.array(Quantization).min(1).max(64).optional(),
  quantization: Quantization.nullish(),
  model_id: HubModelId.nullish(),
  model_hub: z.enum(['huggingface', 'modelscope', 'csghub']).nullish(),
  model_uri: ModelPath.nullish(),
  model_revision: HubRevision.nullish(),
  model_file_name_template: FileNameTemplate.nullish(),
})
export type CustomModelSpec = z.infer<typeof CustomModelSpec>

const PromptStyle = z.looseObject({
  style_name: z.string().max(100).nullish(),
  system_prompt: z.string().max(20_000).nullish(),
  roles: z.array(z.string().max(100)).max(8).nullish(),
  intra_message_sep: z.string().max(100).nullish(),
  inter_message_sep: z.string().max(100).nullish(),
  stop: z.array(z.string().max(100)).max(64).nullish(),
  stop_token_ids: z.array(z.number().int().nonnegative()).max(64).nullish(),
})

const common = {
  version: z.number().int().min(1).max(2).optional(),
  model_name: ModelName,
  model_description: z.string().max(2000).nullish(),
  model_uri: ModelPath.nullish(),
  model_specs: z.array(CustomModelSpec).min(1).max(64).optional(),
}

const CustomLlm = z.looseObject({
  ...common,
  context_length: Count(10_000_000).nullish(),
  model_lang: Languages.nullish(),
  model_ability: Abilities.nullish(),
  model_family: Family.nullish(),
  prompt_style: PromptStyle.nullish(),
  chat_template: z.string().max(100_000).nullish(),
  stop_token_ids: z.array(z.number().int().nonnegative()).max(64).nullish(),
  stop: z.array(z.string().max(100)).max(64).nullish(),
})

const CustomEmbedding = z.looseObject({
  ...common,
  dimensions: Count(1_000_000).nullish(),
  max_tokens: Count(10_000_000).nullish(),
  language: Languages.nullish(),
})

const CustomRerank = z.looseObject({
  ...common,
  max_tokens: Count(10_000_000).nullish(),
  language: Languages.nullish(),
  type: z.string().max(32).nullish(),
})

const Controlnet = z.looseObject({
  model_name: ModelName,
  model_uri: ModelPath,
  model_family: Family,
})

const CustomImage = z.looseObject({
  ...common,
  model_family: Family.nullish(),
  model_ability: Abilities.nullish(),
  controlnet: z.array(Controlnet).max(32).nullish(),
})

const CustomAudio = z.looseObject({
  ...common,
  model_family: Family.nullish(),
  model_ability: Abilities.nullish(),
  multilingual: z.boolean().nullish(),
})

const CustomFlexible = z.looseObject({
  ...common,
  launcher: z.string().max(500).nullish(),
  launcher_args: z
    .string()
    .max(20_000)
    .refine((text) => {
      try {
        const value: unknown = JSON.parse(text)
        return typeof value === 'object' && value !== null && !Array.isArray(value)
      } catch {
        return false
      }
    }, 'a JSON dictionary as text, such as {}')
    .nullish(),
})

/** A registration needs files: specs, or one `model_uri` for the kinds whose form has a single path. */
const withFiles = <T extends z.ZodType<{ model_specs?: unknown; model_uri?: unknown }>>(schema: T) =>
  schema.refine((model) => Boolean(model.model_specs) || typeof model.model_uri === 'string', {
    message: 'model_specs or model_uri is required',
    path: ['model_specs'],
  })

export const CUSTOM_MODEL_SCHEMAS = {
  LLM: CustomLlm.refine((model) => Boolean(model.model_specs), {
    message: 'model_specs is required',
    path: ['model_specs'],
  }),
  embedding: withFiles(CustomEmbedding),
  rerank: withFiles(CustomRerank),
  image: withFiles(CustomImage),
  audio: withFiles(CustomAudio),
  flexible: withFiles(CustomFlexible),
} satisfies Record<ModelType, z.ZodType>

export type CustomModel = z.infer<(typeof CUSTOM_MODEL_SCHEMAS)[ModelType]>

/** Limits on any JSON a request carries: deep nesting and huge fan-out are refused before anything reads it. */
export const JSON_LIMITS = { depth: 16, nodes: 100_000 } as const

/**
 * Checks nesting depth and total size of a parsed JSON value without recursion (a value nested 100,000 levels
 * must not blow the stack of the checker either). Returns a reason, or null when the value is within bounds.
 */
export function checkJsonShape(value: unknown, limits: { depth: number; nodes: number } = JSON_LIMITS) {
  const stack: [unknown, number][] = [[value, 1]]
  let nodes = 0
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number]
    if (++nodes > limits.nodes) return `more than ${limits.nodes} values`
    if (typeof item !== 'object' || item === null) continue
    if (depth > limits.depth) return `nested deeper than ${limits.depth} levels`
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1])
  }
  return null
}
