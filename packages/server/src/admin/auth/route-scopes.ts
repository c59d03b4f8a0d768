import { ROUTE_SCOPES, type Access } from '@serving-console/contract'

// The table of routes and their scopes is the contract's: the console names from it what a refusal needed.
export { ROUTE_SCOPES, type Access }

/**
 * What an API key of the user store may call (upstream v3: "model query and inference endpoints"); and, on these,
 * only the models its permissions name.
 */
export const KEY_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/v1/models',
  'GET /api/v1/models/:model_uid',
  'POST /api/v1/chat/completions',
  'POST /api/v1/completions',
  'POST /api/v1/embeddings',
  'POST /api/v1/rerank',
])

/** What a user whose password was reset may still do: change it, or sign out. */
export const PASSWORD_CHANGE_ROUTES: ReadonlySet<string> = new Set([
  'PUT /v1/auth/password',
  'POST /v1/auth/logout',
  'POST /v1/auth/logout-all',
  'POST /v1/auth/refresh',
])

/** Paths that are the console itself, not the API. */
export function isConsolePath(url: string): boolean {
  return url === '/' || url === '/ui' || url === '/ui/' || url.startsWith('/ui/')
}

/** The table's name for a registered route (`GET /api/v1/models`), whether at its SPEC path or upstream's. */
export function routeKey(method: string, routeUrl: string): string | undefined {
  const key = `${method} ${routeUrl}`
  if (key in ROUTE_SCOPES) return key
  const spec = `${method} /api${routeUrl}`
  return spec in ROUTE_SCOPES ? spec : undefined
}

/** The table entry for a registered route, whether at its SPEC path or at upstream's. */
export function accessFor(method: string, routeUrl: string): Access | undefined {
  const key = routeKey(method, routeUrl)
  return key === undefined ? undefined : ROUTE_SCOPES[key]
}
