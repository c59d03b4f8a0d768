import type { LlamaModel } from 'node-llama-cpp'
import { Places } from '../places.js'
import type { WorkerOptions, WorkerRequest, WorkerResult } from '../protocol.js'

/** How a worker answers one request: `onChunk` hears generated text as it comes; `signal` aborts it. */
export type Answer = (
  request: WorkerRequest,
  signal: AbortSignal,
  onChunk: (text: string) => void,
) => Promise<WorkerResult>

/**
 * What a worker does for one kind of model (chat.ts, embedding.ts, rerank.ts; worker-main.ts picks by
 * `WorkerKind`): makes what the kind needs of the loaded model (a context, its sequences), then answers.
 */
export interface KindHandler {
  start(model: LlamaModel, options: WorkerOptions): Promise<Answer>
}

/** What a model of one kind says of a request it does not serve. */
export function doesNotServe(model: string, request: WorkerRequest): Error {
  return new Error(`${model} does not serve ${request.op}`)
}

/** Tokens the model reads `text` as. */
export const tokenCounter = (model: LlamaModel) => (text: string) => model.tokenize(text).length

/**
 * What a worker does for a kind whose context evaluates one request at once (embedding, rerank), so its replica
 * has one place: makes the context, of the launch's size and threads, then answers each request with it, one at a
 * time, in order. `count` gives the tokens the model reads a text as.
 */
export function oneRequestAtATime<Context>(
  createContext: (
    model: LlamaModel,
    sizes: Pick<WorkerOptions, 'contextSize' | 'threads'>,
  ) => Promise<Context>,
  answer: (
    context: Context,
    request: WorkerRequest,
    count: (text: string) => number,
  ) => Promise<WorkerResult>,
): KindHandler {
  return {
    async start(model, options) {
      const count = tokenCounter(model)
      const place = new Places(1)
      const context = await createContext(model, {
        contextSize: options.contextSize,
        threads: options.threads,
      })
      return async (request, signal) => {
        await place.take('platform', signal)
        try {
          return await answer(context, request, count)
        } finally {
          place.release()
        }
      }
    },
  }
}
