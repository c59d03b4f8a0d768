import type { EmbedResult } from '../protocol.js'
import { doesNotServe, contextPerPlace } from './handler.js'

/** An embedding model: each input's vector, as many requests at once as the replica has places. */
export const embeddingHandler = contextPerPlace(
  (model, sizes) => model.createEmbeddingContext(sizes),
  async (context, request, count): Promise<EmbedResult> => {
    if (request.op !== 'embed') throw doesNotServe('An embedding model', request)
    const embeddings: number[][] = []
    for (const input of request.inputs) embeddings.push([...(await context.getEmbeddingFor(input)).vector])
    return { embeddings, prompt_tokens: request.inputs.reduce((sum, input) => sum + count(input), 0) }
  },
)
