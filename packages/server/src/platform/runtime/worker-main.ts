/**
 * A model worker: one process per replica, as Xinference runs them. It loads one GGUF model with llama.cpp
 * (node-llama-cpp) and answers requests from the platform over Node IPC. A language model serves up to
 * `parallel` requests at once, each on its own context sequence, evaluated together in one batch by the engine
 * (continuous batching: a new request joins without waiting for the others to finish); embedding and rerank
 * models answer one request at a time. It exits when the platform goes away, however that happens (the IPC
 * channel closes), so no worker outlives its server.
 */
import {
  getLlama,
  JinjaTemplateChatWrapper,
  LlamaChat,
  LlamaCompletion,
  type ChatHistoryItem,
  type LlamaContext,
  type LlamaModel,
} from 'node-llama-cpp'
import type {
  ChatMessage,
  EmbedResult,
  FromWorker,
  GenerationParams,
  GenerationResult,
  RerankResult,
  ToWorker,
  WorkerOptions,
  WorkerRequest,
} from './protocol.js'
import { longestSharedPrefix, Slots } from './slots.js'

const send = (message: FromWorker) => process.send?.(message)

/** Text generated since the last message, by request, sent together at the end of this turn of the event loop. */
const unsent = new Map<number, string>()
function sendChunk(id: number, text: string) {
  if (unsent.size === 0) setImmediate(flushChunks)
  unsent.set(id, (unsent.get(id) ?? '') + text)
}
function flushChunks() {
  if (unsent.size === 0) return
  send({ type: 'chunks', chunks: [...unsent] })
  unsent.clear()
}
/** A request's end, after every chunk before it. */
function sendEnd(message: FromWorker) {
  flushChunks()
  send(message)
}

process.on('disconnect', () => process.exit(0))

// Named after its model and replica (worker-process.ts), so `ps` tells one worker from another.
if (process.argv[2]) process.title = process.argv[2]

const options = JSON.parse(process.env.SERVING_CONSOLE_WORKER ?? '{}') as WorkerOptions

function history(messages: ChatMessage[]): ChatHistoryItem[] {
  const items: ChatHistoryItem[] = messages.map((message) =>
    message.role === 'system'
      ? { type: 'system', text: message.content }
      : message.role === 'user'
        ? { type: 'user', text: message.content }
        : { type: 'model', response: [message.content] },
  )
  items.push({ type: 'model', response: [] })
  return items
}

function generationOptions(
  params: GenerationParams,
  signal: AbortSignal,
  onTextChunk: (text: string) => void,
  onToken: (tokens: readonly unknown[]) => void,
) {
  return {
    maxTokens: params.max_tokens ?? 256,
    temperature: params.temperature ?? 0.7,
    ...(params.top_p === undefined ? {} : { topP: params.top_p }),
    ...(params.stop?.length ? { customStopTriggers: params.stop } : {}),
    signal,
    stopOnAbortSignal: true,
    onTextChunk: (text: string) => {
      if (text) onTextChunk(text)
    },
    onToken,
  }
}

/** A registration's chat template, or a start-up failure that names where it came from. */
function jinjaWrapper(chatTemplate: { template: string; from: string }) {
  try {
    const wrapper = new JinjaTemplateChatWrapper({ template: chatTemplate.template })
    console.log(`chat template from ${chatTemplate.from}`)
    return wrapper
  } catch (error) {
    throw new Error(
      `the chat template from ${chatTemplate.from} cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
}

/** Runs work one piece at a time, in order (an embedding or ranking context evaluates one request at once). */
function oneAtATime() {
  const slot = new Slots([0])
  return async <R>(signal: AbortSignal, work: () => Promise<R>): Promise<R> => {
    const held = await slot.acquire((free) => free[0] ?? 0, signal)
    try {
      return await work()
    } finally {
      slot.release(held)
    }
  }
}

/** A conversation turn as the sequences remember it. */
const turn = (message: ChatMessage) => `${message.role}\n${message.content}`

async function start() {
  const llama = await getLlama({
    gpu: options.gpu,
    build: 'never',
    maxThreads: options.threads,
    logLevel: 'warn' as never,
  })
  const model: LlamaModel = await llama.loadModel({
    modelPath: options.modelPath,
    gpuLayers: options.gpu === false ? 0 : 'auto',
  })
  const count = (text: string) => model.tokenize(text).length

  let handle: (
    request: WorkerRequest,
    signal: AbortSignal,
    onChunk: (text: string) => void,
  ) => Promise<GenerationResult | EmbedResult | RerankResult>

  // The platform sends at most n_parallel requests at once (its Places wait fairly); a request that finds no free
  // sequence here (one just released, its answer not yet heard) waits in order.
  if (options.kind === 'chat') {
    // Each sequence has the whole context size to itself (node-llama-cpp sizes the context for all of them).
    const context: LlamaContext = await model.createContext({
      contextSize: options.contextSize,
      threads: options.threads,
      sequences: options.parallel,
    })
    const wrapper = options.chatTemplate ? { chatWrapper: jinjaWrapper(options.chatTemplate) } : {}
    const sequences = new Slots(
      Array.from({ length: options.parallel }, () => {
        const contextSequence = context.getSequence()
        return {
          chat: new LlamaChat({ contextSequence, ...wrapper }),
          completion: new LlamaCompletion({ contextSequence }),
          /** The conversation the sequence holds evaluated: its next turn reuses that prefix. */
          turns: [] as string[],
        }
      }),
    )
    handle = async (request, signal, onChunk): Promise<GenerationResult> => {
      if (request.op !== 'chat' && request.op !== 'complete')
        throw new Error(`A chat model does not serve ${request.op}`)
      const turns = request.op === 'chat' ? request.messages.map(turn) : []
      const sequence = await sequences.acquire((free) => longestSharedPrefix(free, turns), signal)
      // Generated tokens are counted as they come: re-tokenizing the text would count differently.
      let generated = 0
      const onToken = (tokens: readonly unknown[]) => (generated += tokens.length)
      const options = generationOptions(request.params, signal, onChunk, onToken)
      try {
        if (request.op === 'chat') {
          sequence.turns = []
          const answer = await sequence.chat.generateResponse(history(request.messages), options)
          sequence.turns = [...turns, turn({ role: 'assistant', content: answer.response })]
          return {
            text: answer.response,
            finish_reason: answer.metadata.stopReason === 'maxTokens' ? 'length' : 'stop',
            prompt_tokens: count(request.messages.map((message) => message.content).join('\n')),
            completion_tokens: generated,
          }
        }
        sequence.turns = []
        const text = await sequence.completion.generateCompletion(request.prompt, options)
        return {
          text,
          finish_reason: generated >= options.maxTokens ? 'length' : 'stop',
          prompt_tokens: count(request.prompt),
          completion_tokens: generated,
        }
      } finally {
        sequences.release(sequence)
      }
    }
  } else if (options.kind === 'embedding') {
    const serially = oneAtATime()
    const context = await model.createEmbeddingContext({
      contextSize: options.contextSize,
      threads: options.threads,
    })
    handle = (request, signal) =>
      serially(signal, async () => {
        if (request.op !== 'embed') throw new Error(`An embedding model does not serve ${request.op}`)
        const embeddings: number[][] = []
        for (const input of request.inputs)
          embeddings.push([...(await context.getEmbeddingFor(input)).vector])
        return { embeddings, prompt_tokens: request.inputs.reduce((sum, input) => sum + count(input), 0) }
      })
  } else {
    const serially = oneAtATime()
    const context = await model.createRankingContext({
      contextSize: options.contextSize,
      threads: options.threads,
    })
    handle = (request, signal) =>
      serially(signal, async () => {
        if (request.op !== 'rerank') throw new Error(`A rerank model does not serve ${request.op}`)
        const scores = await context.rankAll(request.query, request.documents)
        return {
          scores,
          input_tokens: count(request.query) + request.documents.reduce((sum, doc) => sum + count(doc), 0),
        }
      })
  }

  const running = new Map<number, AbortController>()
  process.on('message', (message: ToWorker) => {
    if (message.type === 'cancel') {
      running.get(message.id)?.abort()
      return
    }
    const controller = new AbortController()
    running.set(message.id, controller)
    void (async () => {
      // Every request gets an answer, a cancelled one too: the platform frees its place when it hears back.
      try {
        const result = await handle(message.request, controller.signal, (text) => sendChunk(message.id, text))
        sendEnd({ type: 'result', id: message.id, result })
      } catch (error) {
        sendEnd({
          type: 'error',
          id: message.id,
          message: controller.signal.aborted
            ? 'cancelled'
            : error instanceof Error
              ? error.message
              : String(error),
        })
      } finally {
        running.delete(message.id)
      }
    })()
  })
  send({ type: 'ready' })
}

start().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  console.error(`worker failed to start: ${message}`)
  send({ type: 'error', id: null, message })
  process.exitCode = 1
  process.disconnect()
})
