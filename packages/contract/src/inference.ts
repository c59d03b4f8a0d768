import { z } from 'zod'

/**
 * The OpenAI-compatible inference routes (`/v1/chat/completions`, `/v1/completions`, `/v1/embeddings`,
 * `/v1/rerank`), bounded: inputs here and by the body limit, generation by the model's context.
 */

const Text = z.string().max(1_000_000)
const Stop = z.union([z.string().max(200), z.array(z.string().max(200)).max(16)]).nullish()
const Tokens = z.number().int().positive().max(10_000_000)
const ModelUid = z.string().min(1).max(200)

const Generation = {
  model: ModelUid,
  max_tokens: Tokens.nullish(),
  /** OpenAI's newer name for max_tokens. */
  max_completion_tokens: Tokens.nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  stop: Stop,
  stream: z.boolean().nullish(),
}

export const ChatMessage = z.looseObject({ role: z.enum(['system', 'user', 'assistant']), content: Text })

export const ChatRequest = z.looseObject({ ...Generation, messages: z.array(ChatMessage).min(1).max(1000) })
export type ChatRequest = z.infer<typeof ChatRequest>

export const CompletionRequest = z.looseObject({ ...Generation, prompt: Text })
export type CompletionRequest = z.infer<typeof CompletionRequest>

export const EmbeddingRequest = z.looseObject({
  encoding_format: z.enum(['float', 'base64']).nullish(),
  model: ModelUid,
  input: z.union([Text, z.array(Text).min(1).max(2048)]),
})
export type EmbeddingRequest = z.infer<typeof EmbeddingRequest>

export const RerankRequest = z.looseObject({
  model: ModelUid,
  query: Text,
  documents: z.array(Text).min(1).max(1000),
  top_n: z.number().int().positive().max(1000).nullish(),
  return_documents: z.boolean().nullish(),
  return_len: z.boolean().nullish(),
})
export type RerankRequest = z.infer<typeof RerankRequest>

const Usage = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number(),
})

/** A whole (not streamed) chat completion or text completion. */
export const Completion = z.looseObject({
  id: z.string(),
  object: z.enum(['chat.completion', 'text_completion']),
  created: z.number(),
  model: z.string(),
  choices: z.array(z.looseObject({ index: z.number(), finish_reason: z.string().nullable() })),
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
      document: z.looseObject({ text: z.string() }).nullable(),
    }),
  ),
  meta: z.looseObject({}),
})
export type RerankResponse = z.infer<typeof RerankResponse>
