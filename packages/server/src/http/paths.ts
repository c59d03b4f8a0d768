import { ModelType, toWireModelType } from '@serving-console/contract'
import { HttpError } from './http-error.js'

/** A model type from a path: case-sensitive upstream (`LLM`); the console's `llm` is taken too. */
export function modelTypeParam(raw: string): ModelType {
  const parsed = ModelType.safeParse(toWireModelType(raw))
  if (!parsed.success) throw new HttpError(400, `Unsupported model type: ${raw}`)
  return parsed.data
}
