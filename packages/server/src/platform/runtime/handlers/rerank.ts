import type { RerankResult } from '../protocol.js'
import { doesNotServe, contextPerPlace } from './handler.js'

/** A rerank model: each document's relevance to the query, as many requests at once as the replica has places. */
export const rerankHandler = contextPerPlace(
  (model, sizes) => model.createRankingContext(sizes),
  async (context, request, count): Promise<RerankResult> => {
    if (request.op !== 'rerank') throw doesNotServe('A rerank model', request)
    const scores = await context.rankAll(request.query, request.documents)
    return {
      scores,
      input_tokens: count(request.query) + request.documents.reduce((sum, doc) => sum + count(doc), 0),
    }
  },
)
