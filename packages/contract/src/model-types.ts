import * as z from 'zod/mini'

/** Model types as the server spells them in paths and in running-model rows (case-sensitive: `LLM`). */
export const MODEL_TYPES = ['LLM', 'embedding', 'rerank', 'image', 'audio', 'flexible'] as const
export const ModelType = z.enum(MODEL_TYPES)
export type ModelType = z.infer<typeof ModelType>

/** Model types as the console spells them in its routes (`llm` in lower case). */
export const ROUTE_MODEL_TYPES = ['llm', 'embedding', 'rerank', 'image', 'audio', 'flexible'] as const
export type RouteModelType = (typeof ROUTE_MODEL_TYPES)[number]

/**
 * The `llm` → `LLM` rule: upstream answers `400 Unsupported model type: llm` to the lower-case name, so every
 * path that carries a model type goes through this.
 */
export function toWireModelType(type: string): string {
  return type.toLowerCase() === 'llm' ? 'LLM' : type
}

/** The inverse, for building console routes from a wire type. */
export function toRouteModelType(type: string): string {
  return type === 'LLM' ? 'llm' : type
}
