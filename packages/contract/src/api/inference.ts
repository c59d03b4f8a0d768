import {
  ChatRequest,
  Completion,
  CompletionRequest,
  EmbeddingList,
  EmbeddingRequest,
  RerankRequest,
  RerankResponse,
} from '../inference.js'
import { Message, MessagesRequest } from '../messages.js'
import { route } from './route.js'

/**
 * OpenAI-style inference (an API key may call these, on the models its permissions name). With `stream: true` the
 * completions answer server-sent events instead of the JSON below.
 */
export const createChatCompletion = route({
  method: 'POST',
  path: '/api/v1/chat/completions',
  summary: 'A chat completion (streamed with stream: true)',
  body: ChatRequest,
  answers: { 200: Completion },
  access: 'models:read',
  apiKey: true,
  audit: 'inference',
})
export const createCompletion = route({
  method: 'POST',
  path: '/api/v1/completions',
  summary: 'A text completion (streamed with stream: true)',
  body: CompletionRequest,
  answers: { 200: Completion },
  access: 'models:read',
  apiKey: true,
  audit: 'inference',
})
export const createEmbedding = route({
  method: 'POST',
  path: '/api/v1/embeddings',
  summary: 'Embeddings of texts',
  body: EmbeddingRequest,
  answers: { 200: EmbeddingList },
  access: 'models:read',
  apiKey: true,
  audit: 'inference',
})
export const rerankDocuments = route({
  method: 'POST',
  path: '/api/v1/rerank',
  summary: 'Documents ranked by relevance to a query',
  body: RerankRequest,
  answers: { 200: RerankResponse },
  access: 'models:read',
  apiKey: true,
  audit: 'inference',
})
/**
 * Anthropic's Messages API, as upstream serves it: the same generation as a chat, answered (and streamed, and
 * refused) in Anthropic's shapes. Its clients may send the key as `x-api-key` (docs/platform.md).
 */
export const createMessage = route({
  method: 'POST',
  path: '/api/v1/messages',
  summary: "A message in Anthropic's Messages API (streamed with stream: true)",
  body: MessagesRequest,
  answers: { 200: Message },
  access: 'models:read',
  apiKey: true,
  audit: 'inference',
})
