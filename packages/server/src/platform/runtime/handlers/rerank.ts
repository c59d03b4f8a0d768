import type { RerankResult } from '../protocol.js'
import { doesNotServe, oneAtATime, tokenCounter, type KindHandler } from './handler.js'

/** A rerank model: each document's relevance to the query, one request at a time. */
export const rerankHandler: KindHandler = {
  async start(model, options) {
    const count = tokenCounter(model)
    const serially = oneAtATime()
    const context = await model.createRankingContext({
      contextSize: options.contextSize,
      threads: options.threads,
    })
    return (request, signal) =>
      serially(signal, async (): Promise<RerankResult> => {
        if (request.op !== 'rerank') throw doesNotServe('A rerank model', request)
        const scores = await context.rankAll(request.query, request.documents)
        return {
          scores,
          input_tokens: count(request.query) + request.documents.reduce((sum, doc) => sum + count(doc), 0),
        }
      })
  },
}
