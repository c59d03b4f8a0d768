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
 * Runs work one piece at a time, in order: an embedding or ranking context evaluates one request at once, so its
 * replica has one place.
 */
export function oneAtATime() {
  const place = new Places(1)
  return async <R>(signal: AbortSignal, work: () => Promise<R>): Promise<R> => {
    await place.take('platform', signal)
    try {
      return await work()
    } finally {
      place.release()
    }
  }
}
