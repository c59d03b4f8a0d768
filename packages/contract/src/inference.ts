import * as z from 'zod/mini'

/**
 * The OpenAI-compatible inference routes (`/v1/chat/completions`, `/v1/completions`, `/v1/embeddings`,
 * `/v1/rerank`), bounded: inputs here and by the body limit, generation by the model's context.
 */

const Text = z.string().check(z.maxLength(1_000_000))
const Stop = z.nullish(
  z.union([
    z.string().check(z.maxLength(200)),
    z.array(z.string().check(z.maxLength(200))).check(z.maxLength(16)),
  ]),
)
const Tokens = z.int().check(z.positive(), z.maximum(10_000_000))
/** A running model's uid as a request names it. */
export const ModelUid = z.string().check(z.minLength(1), z.maxLength(200))

const Generation = {
  model: ModelUid,
  max_tokens: z.nullish(Tokens),
  /** OpenAI's newer name for max_tokens. */
  max_completion_tokens: z.nullish(Tokens),
  temperature: z.nullish(z.number().check(z.minimum(0), z.maximum(2))),
  top_p: z.nullish(z.number().check(z.minimum(0), z.maximum(1))),
  stop: Stop,
  stream: z.nullish(z.boolean()),
  /** OpenAI's: `include_usage` adds a last chunk with the answer's token counts and no choices. */
  stream_options: z.nullish(z.looseObject({ include_usage: z.nullish(z.boolean()) })),
}

export const ChatMessage = z.looseObject({ role: z.enum(['system', 'user', 'assistant']), content: Text })

export const ChatRequest = z.looseObject({
  ...Generation,
  messages: z.array(ChatMessage).check(z.minLength(1), z.maxLength(1000)),
})
export type ChatRequest = z.infer<typeof ChatRequest>

export const CompletionRequest = z.looseObject({ ...Generation, prompt: Text })
export type CompletionRequest = z.infer<typeof CompletionRequest>

export const EmbeddingRequest = z.looseObject({
  encoding_format: z.nullish(z.enum(['float', 'base64'])),
  model: ModelUid,
  input: z.union([Text, z.array(Text).check(z.minLength(1), z.maxLength(2048))]),
})
export type EmbeddingRequest = z.infer<typeof EmbeddingRequest>

export const RerankRequest = z.looseObject({
  model: ModelUid,
  query: Text,
  documents: z.array(Text).check(z.minLength(1), z.maxLength(1000)),
  top_n: z.nullish(z.int().check(z.positive(), z.maximum(1000))),
  return_documents: z.nullish(z.boolean()),
  return_len: z.nullish(z.boolean()),
})
export type RerankRequest = z.infer<typeof RerankRequest>

const Usage = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.optional(z.number()),
  total_tokens: z.number(),
})

/** A whole (not streamed) chat completion or text completion. */
export const Completion = z.looseObject({
  id: z.string(),
  object: z.enum(['chat.completion', 'text_completion']),
  created: z.number(),
  model: z.string(),
  choices: z.array(z.looseObject({ index: z.number(), finish_reason: z.nullable(z.string()) })),
  usage: Usage,
})
export type Completion = z.infer<typeof Completion>

export const EmbeddingList = z.looseObject({
  object: z.literal('list'),
  model: z.string(),
  data: z.array(
    z.looseObject({
      object: z.literal('embedding'),
      index: z.number(),
      embedding: z.union([z.array(z.number()), z.string()]),
    }),
  ),
  usage: Usage,
})
export type EmbeddingList = z.infer<typeof EmbeddingList>

export const RerankResponse = z.looseObject({
  id: z.string(),
  results: z.array(
    z.looseObject({
      index: z.number(),
      relevance_score: z.number(),
      document: z.nullable(z.looseObject({ text: z.string() })),
    }),
  ),
  meta: z.looseObject({}),
})
export type RerankResponse = z.infer<typeof RerankResponse>
