import type { RerankResult } from '../protocol.js'
import { doesNotServe, oneRequestAtATime } from './handler.js'

/** A rerank model: each document's relevance to the query, one request at a time. */
export const rerankHandler = oneRequestAtATime(
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
