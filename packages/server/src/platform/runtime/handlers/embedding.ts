import type { EmbedResult } from '../protocol.js'
import { doesNotServe, oneRequestAtATime } from './handler.js'

/** An embedding model: each input's vector, one request at a time. */
export const embeddingHandler = oneRequestAtATime(
  (model, sizes) => model.createEmbeddingContext(sizes),
  async (context, request, count): Promise<EmbedResult> => {
    if (request.op !== 'embed') throw doesNotServe('An embedding model', request)
    const embeddings: number[][] = []
    for (const input of request.inputs) embeddings.push([...(await context.getEmbeddingFor(input)).vector])
    return { embeddings, prompt_tokens: request.inputs.reduce((sum, input) => sum + count(input), 0) }
  },
)
