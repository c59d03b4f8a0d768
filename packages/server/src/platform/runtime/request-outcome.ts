import type { WorkerRequest } from './protocol.js'

/**
 * How one inference request ended, measured once, on one clock, from its admission: the one event every
 * consumer reads — the Prometheus meters (metrics/model-metrics.ts), the model's usage (model-usage.ts), its log
 * line (`logLine`) and the audit trail (`request.outcome`, set by the inference routes). Requests refused before
 * admission (429, 503 while loading, a bad body) have none: they are not model requests (docs/metrics.md).
 */
export interface RequestOutcome {
  /** The model's uid. */
  model: string
  replica: number
  op: WorkerRequest['op']
  stream: boolean
  /** 200; 400 the model could not answer it; 499 its client went away (waiting or mid-answer); 503 its replica did. */
  status: number
  /** Not an error of the model's: answered, or its client went away (counted as a request, not as an error). */
  ok: boolean
  /** Prompt tokens (inputs for embedding and rerank). */
  inputTokens: number
  /** Generated tokens, as far as it went (a client gone mid-answer keeps what was generated). */
  outputTokens: number
  /** Time from admission to the first generated text (ms); null when it generated none. */
  firstTokenMs: number | null
  /** Time from admission to its end (ms): the wait for a place is part of what the user feels. */
  durationMs: number
  /** When it ended (ms since the epoch). */
  at: number
}

/** What a request is, before it ends. */
type Asked = Pick<RequestOutcome, 'model' | 'replica' | 'op' | 'stream'>

/** The one clock of a request: started at admission, read at its first token and at its end. */
export class OutcomeClock {
  private readonly started = performance.now()
  private firstTokenMs: number | null = null

  constructor(private readonly asked: Asked) {}

  /** Text was generated: the first call is the time to first token. */
  token(): void {
    this.firstTokenMs ??= performance.now() - this.started
  }

  /** The request ended with `status`; `tokens` as counted by the worker (zero when it failed). */
  end(status: number, tokens: { input: number; output: number }): RequestOutcome {
    return {
      ...this.asked,
      status,
      ok: status === 200 || status === 499,
      inputTokens: tokens.input,
      outputTokens: tokens.output,
      firstTokenMs: this.firstTokenMs,
      durationMs: performance.now() - this.started,
      at: Date.now(),
    }
  }
}

/** Whether a request's op generates text (its output tokens and first token are counted). */
export const generates = (op: WorkerRequest['op']): boolean => op === 'chat' || op === 'complete'

/** The tokens a worker's answer counted: generation, embedding or ranking. */
export function tokensOf(result: unknown): { input: number; output: number } {
  const counted = result as { prompt_tokens?: number; input_tokens?: number; completion_tokens?: number }
  return { input: counted.prompt_tokens ?? counted.input_tokens ?? 0, output: counted.completion_tokens ?? 0 }
}

/** The model log's line for a request: what, how it ended, tokens and time; never its text (docs/platform.md). */
export function logLine(outcome: RequestOutcome): string {
  return `request ${outcome.op}${outcome.stream ? ' (streamed)' : ''} ${String(outcome.status)} · ${String(outcome.inputTokens)} → ${String(outcome.outputTokens)} tokens · ${String(Math.round(outcome.durationMs))} ms · replica ${String(outcome.replica)}`
}
