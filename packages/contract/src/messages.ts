import * as z from 'zod/mini'

/**
 * Anthropic's Messages API (`/v1/messages`), as upstream Xinference serves it beside the OpenAI routes: text
 * content only, every string and list bounded like the OpenAI bodies (inference.ts).
 */

const Text = z.string().check(z.maxLength(1_000_000))
const TextBlock = z.looseObject({ type: z.literal('text'), text: Text })
/** A message's or the system prompt's content: a string, or a list of text blocks. */
const Content = z.union([Text, z.array(TextBlock).check(z.minLength(1), z.maxLength(1000))])

export const MessagesRequest = z.looseObject({
  model: z.string().check(z.minLength(1), z.maxLength(200)),
  messages: z
    .array(z.looseObject({ role: z.enum(['user', 'assistant']), content: Content }))
    .check(z.minLength(1), z.maxLength(1000)),
  system: z.optional(Content),
  /** Required by Anthropic; never more than the model's context holds. */
  max_tokens: z.int().check(z.positive(), z.maximum(10_000_000)),
  temperature: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  top_p: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  /** Accepted as Anthropic's clients send it; the engine's sampler here does not take it. */
  top_k: z.optional(z.int().check(z.positive(), z.maximum(1000))),
  stop_sequences: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(16))),
  stream: z.optional(z.boolean()),
  metadata: z.optional(z.looseObject({ user_id: z.nullish(z.string().check(z.maxLength(256))) })),
})
export type MessagesRequest = z.infer<typeof MessagesRequest>

/** Why a message ended: the model finished, the token limit, or a stop sequence. */
export const StopReason = z.enum(['end_turn', 'max_tokens', 'stop_sequence'])
export type StopReason = z.infer<typeof StopReason>

/** A whole (not streamed) message. */
export const Message = z.looseObject({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  content: z.array(z.looseObject({ type: z.literal('text'), text: z.string() })),
  stop_reason: z.nullable(StopReason),
  stop_sequence: z.nullable(z.string()),
  usage: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }),
})
export type Message = z.infer<typeof Message>

/** Anthropic's error types, each for its HTTP status (messages-errors.ts on the server). */
export const MessagesErrorType = z.enum([
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'rate_limit_error',
  'overloaded_error',
  'api_error',
])
export type MessagesErrorType = z.infer<typeof MessagesErrorType>

/** Anthropic's error answer, on this route only (every other route answers `{detail}`). */
export const MessagesError = z.looseObject({
  type: z.literal('error'),
  error: z.looseObject({ type: MessagesErrorType, message: z.string() }),
})
export type MessagesError = z.infer<typeof MessagesError>
