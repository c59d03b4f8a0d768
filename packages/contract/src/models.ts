import { z } from 'zod'
import { ModelName } from './names.js'
import { ModelSize } from './registrations.js'

/** The most replicas one launch may ask for; the platform's worker cap may allow fewer. */
export const MAX_REPLICAS = 64

const PeftModelConfig = z.looseObject({
  lora_list: z
    .array(z.object({ lora_name: z.string().max(200), local_path: z.string().max(4096) }))
    .max(64)
    .optional(),
  image_lora_load_kwargs: z.record(z.string(), z.unknown()).nullish(),
  image_lora_fuse_kwargs: z.record(z.string(), z.unknown()).nullish(),
})

/**
 * `POST /api/v1/models`: the launch payload of SPEC §3. Extra engine parameters travel at the top level, so the
 * object is loose; the named fields are the ones every kind may carry.
 */
export const LaunchRequest = z.looseObject({
  /** Blank means "the model name", as SPEC's form sends it. */
  model_uid: z.union([ModelName, z.literal('')]).nullish(),
  model_name: z.string().min(1).max(200),
  model_type: z.string().max(32),
  model_engine: z.string().max(64).nullish(),
  model_format: z.string().max(32).nullish(),
  model_size_in_billions: ModelSize.nullish(),
  quantization: z.string().max(64).nullish(),
  n_gpu: z.union([z.literal('auto'), z.number().int().nonnegative().max(1024)]).nullish(),
  n_gpu_layers: z.number().int().min(0).max(100_000).optional(),
  replica: z.number().int().min(1).max(MAX_REPLICAS).optional(),
  request_limits: z.number().int().min(1).max(1_000_000).nullish(),
  worker_ip: z.string().max(255).nullish(),
  gpu_idx: z.array(z.number().int().nonnegative().max(1024)).max(64).nullish(),
  download_hub: z.enum(['huggingface', 'modelscope', 'csghub']).nullish(),
  peft_model_config: PeftModelConfig.nullish(),
})
export type LaunchRequest = z.infer<typeof LaunchRequest>

export const LaunchResponse = z.looseObject({ model_uid: z.string() })
export type LaunchResponse = z.infer<typeof LaunchResponse>

/** One row of `GET /api/v1/models`; non-LLM kinds leave the LLM fields out. */
export const RunningModel = z.looseObject({
  id: z.string(),
  model_type: z.string(),
  model_name: z.string(),
  address: z.string().nullish(),
  accelerators: z.array(z.string()).nullish(),
  model_size_in_billions: ModelSize.nullish(),
  quantization: z.string().nullish(),
  replica: z.number().nullish(),
  model_family: z.string().nullish(),
  model_format: z.string().nullish(),
  context_length: z.number().nullish(),
  model_ability: z.array(z.string()).nullish(),
  model_description: z.string().nullish(),
  model_lang: z.array(z.string()).nullish(),
  controlnet: z.unknown().optional(),
  model_revision: z.string().nullish(),
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
  model_size_in_billions: ModelSize.nullish(),
  model_format: z.string().nullish(),
  quantization: z.string().nullish(),
  context_length: z.number().nullish(),
  model_ability: z.array(z.string()).nullish(),
  model_description: z.string().nullish(),
  model_lang: z.array(z.string()).nullish(),
})
export type CreateLlmUiRequest = z.infer<typeof CreateLlmUiRequest>

/** `POST /api/v1/ui/images/{model_uid}`: creates the web UI of an image model. */
export const CreateImageUiRequest = z.looseObject({
  model_type: z.string(),
  model_family: z.string().nullish(),
  model_id: z.string(),
  controlnet: z.unknown().optional(),
  model_revision: z.string().nullish(),
  model_name: z.string(),
})
export type CreateImageUiRequest = z.infer<typeof CreateImageUiRequest>
