/** Messages between the platform and a worker process (Node IPC). */

export type WorkerKind = 'chat' | 'embedding' | 'rerank'

/** The engine binary a worker loaded: a GPU backend's, or the CPU's (node-llama-cpp's `llama.gpu`). */
export type EngineGpu = 'cuda' | 'vulkan' | 'metal' | false

export interface WorkerOptions {
  modelPath: string
  kind: WorkerKind
  threads: number
  /** Context size of each sequence. */
  contextSize: number
  /** Requests a language model serves at once, each on its own context sequence (1 for other kinds). */
  parallel: number
  /** 'auto' uses a GPU where the machine has one and the binary supports it; else the binary an earlier worker loaded. */
  gpu: 'auto' | EngineGpu
  /** An earlier worker of this server loaded that binary: it is not tested again (engine-binaries.ts). */
  binaryLoaded: boolean
  /** A Jinja chat template to use instead of the file's own: a custom model's prompt style or family's. */
  chatTemplate?: { template: string; from: string } | undefined
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** A generation's settings, defaults already applied (generation-params.ts). */
export interface GenerationParams {
  max_tokens: number
  temperature: number
  top_p?: number | undefined
  stop?: string[] | undefined
}

export type WorkerRequest =
  | { op: 'chat'; messages: ChatMessage[]; params: GenerationParams }
  | { op: 'complete'; prompt: string; params: GenerationParams }
  | { op: 'embed'; inputs: string[] }
  | { op: 'rerank'; query: string; documents: string[] }

export interface GenerationResult {
  text: string
  finish_reason: 'stop' | 'length'
  prompt_tokens: number
  completion_tokens: number
}

export interface EmbedResult {
  embeddings: number[][]
  prompt_tokens: number
}

export interface RerankResult {
  scores: number[]
  input_tokens: number
}

export type WorkerResult = GenerationResult | EmbedResult | RerankResult

export type ToWorker =
  { type: 'request'; id: number; request: WorkerRequest } | { type: 'cancel'; id: number }

export type FromWorker =
  | { type: 'ready'; gpu: EngineGpu }
  /**
   * The text generated for each request since the last message: a worker generating for many requests at once
   * sends a request's first text at once and later text at most every 4 ms, not a message per token
   * (worker-main.ts; docs/decisions/0026-workers-send-text-in-frames-and-start-untested.md).
   */
  | { type: 'chunks'; chunks: [id: number, text: string][] }
  | { type: 'result'; id: number; result: WorkerResult }
  | { type: 'error'; id: number | null; message: string }
