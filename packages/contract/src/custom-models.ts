import * as z from 'zod/mini'
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
export const ModelPath = z.string().check(
  z.minLength(1),
  z.maxLength(4096),
  z.refine((path) => !path.includes('\0'), 'a path without NUL characters'),
)

/** `7`, `0.5` or upstream's string form with an underscore for decimals, `"1_8"`. */
const CustomModelSize = z.union([
  z.number().check(z.positive(), z.maximum(100_000)),
  z.string().check(z.regex(/^\d{1,6}(?:[._]\d{1,6})?$/, 'a number such as 7, 0.5 or 1_8')),
])

const Languages = z.array(z.string().check(z.minLength(1), z.maxLength(16))).check(z.maxLength(300))
const Abilities = z.array(z.string().check(z.minLength(1), z.maxLength(32))).check(z.maxLength(16))
const Family = z.string().check(z.maxLength(100))
const Count = (max: number) => z.int().check(z.positive(), z.maximum(max))

/**
 * One spec of a custom model. Only these fields are kept: anything else in a spec (such as the platform's own
 * `generated`) is dropped, so a registration can never choose internal behaviour.
 */
export const CustomModelSpec = z.object({
  model_format: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(32),
      z.regex(/^[a-z0-9_]+$/, 'a format such as pytorch, ggufv2, gptq or awq'),
    ),
  model_size_in_billions: z.nullish(CustomModelSize),
  quantizations: z.optional(z.array(Quantization).check(z.minLength(1), z.maxLength(64))),
  quantization: z.nullish(Quantization),
  model_id: z.nullish(HubModelId),
  model_hub: z.nullish(z.enum(['huggingface', 'modelscope', 'csghub'])),
  model_uri: z.nullish(ModelPath),
  model_revision: z.nullish(HubRevision),
  model_file_name_template: z.nullish(FileNameTemplate),
})
export type CustomModelSpec = z.infer<typeof CustomModelSpec>

const PromptStyle = z.looseObject({
  style_name: z.nullish(z.string().check(z.maxLength(100))),
  system_prompt: z.nullish(z.string().check(z.maxLength(20_000))),
  roles: z.nullish(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(8))),
  intra_message_sep: z.nullish(z.string().check(z.maxLength(100))),
  inter_message_sep: z.nullish(z.string().check(z.maxLength(100))),
  stop: z.nullish(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(64))),
  stop_token_ids: z.nullish(z.array(z.int().check(z.nonnegative())).check(z.maxLength(64))),
})

const common = {
  version: z.optional(z.int().check(z.minimum(1), z.maximum(2))),
  model_name: ModelName,
  model_description: z.nullish(z.string().check(z.maxLength(2000))),
  model_uri: z.nullish(ModelPath),
  model_specs: z.optional(z.array(CustomModelSpec).check(z.minLength(1), z.maxLength(64))),
}

const CustomLlm = z.looseObject({
  ...common,
  context_length: z.nullish(Count(10_000_000)),
  model_lang: z.nullish(Languages),
  model_ability: z.nullish(Abilities),
  model_family: z.nullish(Family),
  prompt_style: z.nullish(PromptStyle),
  chat_template: z.nullish(z.string().check(z.maxLength(100_000))),
  stop_token_ids: z.nullish(z.array(z.int().check(z.nonnegative())).check(z.maxLength(64))),
  stop: z.nullish(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(64))),
})

const CustomEmbedding = z.looseObject({
  ...common,
  dimensions: z.nullish(Count(1_000_000)),
  max_tokens: z.nullish(Count(10_000_000)),
  language: z.nullish(Languages),
})

const CustomRerank = z.looseObject({
  ...common,
  max_tokens: z.nullish(Count(10_000_000)),
  language: z.nullish(Languages),
  type: z.nullish(z.string().check(z.maxLength(32))),
})

const Controlnet = z.looseObject({
  model_name: ModelName,
  model_uri: ModelPath,
  model_family: Family,
})

const CustomImage = z.looseObject({
  ...common,
  model_family: z.nullish(Family),
  model_ability: z.nullish(Abilities),
  controlnet: z.nullish(z.array(Controlnet).check(z.maxLength(32))),
})

const CustomAudio = z.looseObject({
  ...common,
  model_family: z.nullish(Family),
  model_ability: z.nullish(Abilities),
  multilingual: z.nullish(z.boolean()),
})

const CustomFlexible = z.looseObject({
  ...common,
  launcher: z.nullish(z.string().check(z.maxLength(500))),
  launcher_args: z.nullish(
    z.string().check(
      z.maxLength(20_000),
      z.refine((text) => {
        try {
          const value: unknown = JSON.parse(text)
          return typeof value === 'object' && value !== null && !Array.isArray(value)
        } catch {
          return false
        }
      }, 'a JSON dictionary as text, such as {}'),
    ),
  ),
})

/** A registration needs files: specs, or one `model_uri` for the kinds whose form has a single path. */
const withFiles = <T extends z.ZodMiniType<{ model_specs?: unknown; model_uri?: unknown }>>(schema: T) =>
  schema.check(
    z.refine((model) => Boolean(model.model_specs) || typeof model.model_uri === 'string', {
      message: 'model_specs or model_uri is required',
      path: ['model_specs'],
    }),
  )

export const CUSTOM_MODEL_SCHEMAS = {
  LLM: CustomLlm.check(
    z.refine((model) => Boolean(model.model_specs), {
      message: 'model_specs is required',
      path: ['model_specs'],
    }),
  ),
  embedding: withFiles(CustomEmbedding),
  rerank: withFiles(CustomRerank),
  image: withFiles(CustomImage),
  audio: withFiles(CustomAudio),
  flexible: withFiles(CustomFlexible),
} satisfies Record<ModelType, z.ZodMiniType>

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
