import * as z from 'zod/mini'
import { ModelName } from './names.js'
import { ModelSize } from './registrations.js'

/** The most replicas one launch may ask for; the platform's worker cap may allow fewer. */
export const MAX_REPLICAS = 64
/** Requests one replica of a language model serves at once (`n_parallel`), and the platform's default. */
export const MAX_PARALLEL = 64
export const DEFAULT_PARALLEL = 4
/**
 * Tokens of context each place of a model holds (`n_ctx`, llama.cpp's name, here per place): the bounds of the
 * launch option (docs/platform.md).
 */
export const MIN_CONTEXT = 128
export const MAX_CONTEXT = 1_048_576
/** The most a launch without `n_ctx` gets: its model's context length when smaller. */
export const DEFAULT_CONTEXT = 4096
/** The longest `idle_ttl` (minutes): thirty days. */
export const MAX_IDLE_TTL = 60 * 24 * 30

const PeftModelConfig = z.looseObject({
  lora_list: z.optional(
    z
      .array(
        z.object({
          lora_name: z.string().check(z.maxLength(200)),
          local_path: z.string().check(z.maxLength(4096)),
        }),
      )
      .check(z.maxLength(64)),
  ),
  image_lora_load_kwargs: z.nullish(z.record(z.string(), z.unknown())),
  image_lora_fuse_kwargs: z.nullish(z.record(z.string(), z.unknown())),
})

/**
 * `POST /api/v1/models`: the launch payload of SPEC §3. Extra engine parameters travel at the top level, so the
 * object is loose; the named fields are the ones every kind may carry.
 */
export const LaunchRequest = z.looseObject({
  /** Blank means "the model name", as SPEC's form sends it. */
  model_uid: z.nullish(z.union([ModelName, z.literal('')])),
  model_name: z.string().check(z.minLength(1), z.maxLength(200)),
  model_type: z.string().check(z.maxLength(32)),
  model_engine: z.nullish(z.string().check(z.maxLength(64))),
  model_format: z.nullish(z.string().check(z.maxLength(32))),
  model_size_in_billions: z.nullish(ModelSize),
  quantization: z.nullish(z.string().check(z.maxLength(64))),
  n_gpu: z.nullish(z.union([z.literal('auto'), z.int().check(z.nonnegative(), z.maximum(1024))])),
  n_gpu_layers: z.optional(z.int().check(z.minimum(0), z.maximum(100_000))),
  replica: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_REPLICAS))),
  request_limits: z.nullish(z.int().check(z.minimum(1), z.maximum(1_000_000))),
  /** A language model's requests served at once per replica, each on its own context sequence. */
  n_parallel: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_PARALLEL))),
  /** Tokens of context each place holds: a conversation's prompt and answer together (at most the model's). */
  n_ctx: z.optional(z.int().check(z.minimum(MIN_CONTEXT), z.maximum(MAX_CONTEXT))),
  /** Minutes without a request after which the model is unloaded (terminated); none: it stays. */
  idle_ttl: z.nullish(z.int().check(z.minimum(1), z.maximum(MAX_IDLE_TTL))),
  worker_ip: z.nullish(z.string().check(z.maxLength(255))),
  gpu_idx: z.nullish(z.array(z.int().check(z.nonnegative(), z.maximum(1024))).check(z.maxLength(64))),
  download_hub: z.nullish(z.enum(['huggingface', 'modelscope', 'csghub'])),
  peft_model_config: z.nullish(PeftModelConfig),
})
export type LaunchRequest = z.infer<typeof LaunchRequest>

export const LaunchResponse = z.looseObject({ model_uid: z.string() })
export type LaunchResponse = z.infer<typeof LaunchResponse>

/**
 * A model's requests now: `serving` of `capacity` places (`n_parallel` × ready replicas), `queued` more waiting,
 * at most `max_queued` before it answers 429.
 */
export const ModelLoad = z.object({
  serving: z.number(),
  capacity: z.number(),
  queued: z.number(),
  max_queued: z.number(),
})
export type ModelLoad = z.infer<typeof ModelLoad>

/**
 * A model's health: `ready`, `busy` (every place taken, requests waiting or about to), `degraded` (some
 * replicas down) or `failed` (none up), with the reason its log gives for the replicas that are down.
 */
export const HEALTH_STATES = ['ready', 'busy', 'degraded', 'failed'] as const
export const ModelHealth = z.object({
  state: z.enum(HEALTH_STATES),
  ready_replicas: z.number(),
  replicas: z.number(),
  reason: z.nullable(z.string()),
})
export type ModelHealth = z.infer<typeof ModelHealth>
export type HealthState = ModelHealth['state']

/**
 * A model's usage since its launch (`since`, Unix seconds): requests, errors, tokens, tokens per second over
 * about the last minute, and the mean time to first token (ms) over the last hour.
 */
export const ModelUsage = z.object({
  since: z.number(),
  last_request: z.nullable(z.number()),
  requests: z.number(),
  errors: z.number(),
  prompt_tokens: z.number(),
  generated_tokens: z.number(),
  tokens_per_second: z.number(),
  first_token_ms: z.nullable(z.number()),
})
export type ModelUsage = z.infer<typeof ModelUsage>

/** One minute of a model's last hour (`at`: its start, Unix seconds). */
export const UsageMinute = z.object({
  at: z.number(),
  requests: z.number(),
  errors: z.number(),
  generated_tokens: z.number(),
  first_token_ms: z.nullable(z.number()),
})
export type UsageMinute = z.infer<typeof UsageMinute>

/** `GET /api/v1/models/{uid}/usage`: the platform's own; the totals and the last hour minute by minute. */
export const ModelUsageHistory = z.object({ ...ModelUsage.shape, minutes: z.array(UsageMinute) })
export type ModelUsageHistory = z.infer<typeof ModelUsageHistory>

/** One row of `GET /api/v1/models`; non-LLM kinds leave the LLM fields out. */
export const RunningModel = z.looseObject({
  id: z.string(),
  model_type: z.string(),
  model_name: z.string(),
  address: z.nullish(z.string()),
  accelerators: z.nullish(z.array(z.string())),
  model_size_in_billions: z.nullish(ModelSize),
  quantization: z.nullish(z.string()),
  replica: z.nullish(z.number()),
  model_family: z.nullish(z.string()),
  model_format: z.nullish(z.string()),
  context_length: z.nullish(z.number()),
  model_ability: z.nullish(z.array(z.string())),
  model_description: z.nullish(z.string()),
  model_lang: z.nullish(z.array(z.string())),
  controlnet: z.optional(z.unknown()),
  model_revision: z.nullish(z.string()),
  /** This platform's own (a cluster's rows have none): requests one replica serves at once, the load and health. */
  n_parallel: z.optional(z.number()),
  load: z.optional(ModelLoad),
  health: z.optional(ModelHealth),
  /** With `idle_ttl`: when it will be unloaded if no request comes (Unix seconds); null while it serves one. */
  unloads_at: z.optional(z.nullable(z.number())),
  usage: z.optional(ModelUsage),
})
export type RunningModel = z.infer<typeof RunningModel>

export const RunningModelList = z.looseObject({
  object: z.literal('list'),
  data: z.array(RunningModel),
})
export type RunningModelList = z.infer<typeof RunningModelList>

/** `POST /api/v1/ui/{model_uid}`: creates the web UI of a language model. */
export const CreateLlmUiRequest = z.looseObject({
  model_type: z.string(),
  model_name: z.string(),
  model_size_in_billions: z.nullish(ModelSize),
  model_format: z.nullish(z.string()),
  quantization: z.nullish(z.string()),
  context_length: z.nullish(z.number()),
  model_ability: z.nullish(z.array(z.string())),
  model_description: z.nullish(z.string()),
  model_lang: z.nullish(z.array(z.string())),
})
export type CreateLlmUiRequest = z.infer<typeof CreateLlmUiRequest>

/** `POST /api/v1/ui/images/{model_uid}`: creates the web UI of an image model. */
export const CreateImageUiRequest = z.looseObject({
  model_type: z.string(),
  model_family: z.nullish(z.string()),
  model_id: z.string(),
  controlnet: z.optional(z.unknown()),
  model_revision: z.nullish(z.string()),
  model_name: z.string(),
})
export type CreateImageUiRequest = z.infer<typeof CreateImageUiRequest>
