import { upstreamPath } from '@serving-console/contract'

/** A SPEC route is served at its SPEC path and at upstream's `/v1` path, so upstream clients work too. */
export function specAndUpstream(specPath: string): string[] {
  const upstream = upstreamPath(specPath)
  return upstream === specPath ? [specPath] : [specPath, upstream]
}
