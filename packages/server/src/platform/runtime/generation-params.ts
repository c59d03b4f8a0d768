import type { ChatRequest, CompletionRequest } from '@serving-console/contract'
import type { GenerationParams } from './protocol.js'

/**
 * A generation's settings, each default beside its bound, decided here once: the worker generates with exactly
 * what it is sent. The body's own bounds (temperature 0–2, top_p 0–1, at most 16 stop strings) are its schema's,
 * in the contract.
 */

/** New tokens when a request names no limit (llama.cpp's own default). */
export const DEFAULT_MAX_TOKENS = 256
/** Sampling temperature when a request names none. */
export const DEFAULT_TEMPERATURE = 0.7

/** The settings of an OpenAI body: never more new tokens than the model's context (`contextSize`) holds. */
export function generationParams(
  body: CompletionRequest | ChatRequest,
  contextSize: number,
): GenerationParams {
  return {
    max_tokens: Math.min(body.max_completion_tokens ?? body.max_tokens ?? DEFAULT_MAX_TOKENS, contextSize),
    temperature: body.temperature ?? DEFAULT_TEMPERATURE,
    top_p: body.top_p ?? undefined,
    stop: body.stop === null || body.stop === undefined ? undefined : [body.stop].flat(),
  }
}
