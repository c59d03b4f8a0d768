import { ModelType, toWireModelType, upstreamPath } from '@serving-console/contract'
import { HttpError } from './http-error.js'

/** A SPEC route is served at its SPEC path and at upstream's `/v1` path, so upstream clients work too. */
export function specAndUpstream(specPath: string): string[] {
  const upstream = upstreamPath(specPath)
  return upstream === specPath ? [specPath] : [specPath, upstream]
}

/** A model type from a path: case-sensitive upstream (`LLM`); the console's `llm` is taken too. */
export function modelTypeParam(raw: string): ModelType {
  const parsed = ModelType.safeParse(toWireModelType(raw))
  if (!parsed.success) throw new HttpError(400, `Unsupported model type: ${raw}`)
  return parsed.data
}
