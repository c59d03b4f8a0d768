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
 * What a worker does for a kind whose context evaluates one input at once (embedding, rerank: node-llama-cpp's
 * embedding and ranking contexts hold one sequence each and lock it per input): one context per place
 * (`parallel`, the launch's `n_parallel`), each of the launch's size and threads, so as many requests as the
 * replica has places are evaluated at the same time, each on its own context (the engine decodes each context
 * off the main thread). A request waits for a free context only if the platform sends more than `parallel`,
 * which its admission does not. `count` gives the tokens the model reads a text as. Measured against one shared
 * context in bench/HISTORY.md ("Embeddings and rerank"); docs/platform.md says what each place costs.
 */
export function contextPerPlace<Context>(
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
      const parallel = Math.max(1, options.parallel)
      const places = new Places(parallel)
      const free: Context[] = []
      // One after another: each context's memory is reserved before the next asks for its own.
      for (let index = 0; index < parallel; index++) {
        free.push(await createContext(model, { contextSize: options.contextSize, threads: options.threads }))
      }
      return async (request, signal) => {
        await places.take('platform', signal)
        // A place taken is a context free: as many places as contexts, each given back with its context.
        const context = free.pop() as Context
        try {
          return await answer(context, request, count)
        } finally {
          free.push(context)
          places.release()
        }
      }
    },
  }
}
