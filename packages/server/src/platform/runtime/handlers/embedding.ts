import type { EmbedResult } from '../protocol.js'
import { doesNotServe, oneAtATime, tokenCounter, type KindHandler } from './handler.js'

/** An embedding model: each input's vector, one request at a time. */
export const embeddingHandler: KindHandler = {
  async start(model, options) {
    const count = tokenCounter(model)
    const serially = oneAtATime()
    const context = await model.createEmbeddingContext({
      contextSize: options.contextSize,
      threads: options.threads,
    })
    return (request, signal) =>
      serially(signal, async (): Promise<EmbedResult> => {
        if (request.op !== 'embed') throw doesNotServe('An embedding model', request)
        const embeddings: number[][] = []
        for (const input of request.inputs)
          embeddings.push([...(await context.getEmbeddingFor(input)).vector])
        return { embeddings, prompt_tokens: request.inputs.reduce((sum, input) => sum + count(input), 0) }
      })
  },
}
