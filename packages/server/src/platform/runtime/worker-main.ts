/**
 * A model worker: one process per replica, as Xinference runs them. It loads one GGUF model with llama.cpp
 * (node-llama-cpp) and answers requests from the platform over Node IPC. A language model serves up to
 * `parallel` requests at once, each on its own context sequence, evaluated together in one batch by the engine
 * (continuous batching: a new request joins without waiting for the others to finish); embedding and rerank
 * models answer as many at once, each with a context of its own (handlers/handler.ts). It exits when the platform goes away, however that happens (the IPC
 * channel closes), so no worker outlives its server.
 */
import { getLlama, type LlamaModel } from 'node-llama-cpp'
import { chatHandler } from './handlers/chat.js'
import { embeddingHandler } from './handlers/embedding.js'
import type { KindHandler } from './handlers/handler.js'
import { rerankHandler } from './handlers/rerank.js'
import type { FromWorker, ToWorker, WorkerKind, WorkerOptions } from './protocol.js'

/** Each kind's handler: a new kind of model is one file in handlers/ and one entry here. */
const HANDLERS: Record<WorkerKind, KindHandler> = {
  chat: chatHandler,
  embedding: embeddingHandler,
  rerank: rerankHandler,
}

const send = (message: FromWorker) => process.send?.(message)

/**
 * The shortest gap between two messages of text: a small model makes a token every half millisecond on one core,
 * and a message per token (IPC here, an SSE event in the platform, a parse in the client) costs about as much as
 * the token, on the cores generation needs. A request's first text is sent at once; later text at most this often.
 */
const FRAME_MS = 4
/** Text generated since the last message, by request, sent together. */
const unsent = new Map<number, string>()
/** Requests whose first text has gone. */
const started = new Set<number>()
let lastFlush = 0
/** The flush to come: at the end of this turn of the event loop, or after the rest of a frame. */
let pending: { kind: 'now' } | { kind: 'later'; timer: NodeJS.Timeout } | null = null
function sendChunk(id: number, text: string) {
  unsent.set(id, (unsent.get(id) ?? '') + text)
  const first = !started.has(id)
  if (pending?.kind === 'now' || (pending?.kind === 'later' && !first)) return
  if (pending?.kind === 'later') clearTimeout(pending.timer)
  const wait = first ? 0 : FRAME_MS - (performance.now() - lastFlush)
  if (wait > 0) pending = { kind: 'later', timer: setTimeout(flushChunks, wait) }
  else {
    pending = { kind: 'now' }
    setImmediate(flushChunks)
  }
}
function flushChunks() {
  if (pending?.kind === 'later') clearTimeout(pending.timer)
  pending = null
  if (unsent.size === 0) return
  for (const id of unsent.keys()) started.add(id)
  send({ type: 'chunks', chunks: [...unsent] })
  unsent.clear()
  lastFlush = performance.now()
}
/** A request's end, after every chunk before it. */
function sendEnd(message: FromWorker & { id: number | null }) {
  flushChunks()
  if (message.id !== null) started.delete(message.id)
  send(message)
}

process.on('disconnect', () => process.exit(0))

// Named after its model and replica (worker-process.ts), so `ps` tells one worker from another.
if (process.argv[2]) process.title = process.argv[2]

const options = JSON.parse(process.env.SERVING_CONSOLE_WORKER ?? '{}') as WorkerOptions

async function start() {
  // Read by node-llama-cpp's getLlama (patches/): an earlier worker of this server already loaded this binary.
  if (options.binaryLoaded) process.env.NODE_LLAMA_CPP_SKIP_BINARY_TEST = 'true'
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
  const handle = await HANDLERS[options.kind].start(model, options)

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
  send({ type: 'ready', gpu: llama.gpu })
}

start().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  console.error(`worker failed to start: ${message}`)
  send({ type: 'error', id: null, message })
  process.exitCode = 1
  process.disconnect()
})
