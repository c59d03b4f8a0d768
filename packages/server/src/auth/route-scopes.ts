import type { Scope } from '@serving-console/contract'

/** Who may call a route: anyone, or a signed-in user holding the scope (admin holds them all). */
export type Access = 'public' | Scope

/**
 * The one table of API routes and the scope each needs, keyed by method and SPEC path pattern; the same
 * handler at upstream's `/v1` path needs the same scope. A route missing here is refused to everyone but admin,
 * and a test fails until it is added.
 */
export const ROUTE_SCOPES: Record<string, Access> = {
  'POST /token': 'public',
  'GET /api/v1/cluster/auth': 'public',
  'GET /v1/cluster/info': 'admin',
  'GET /v1/cluster/version': 'admin',
  'GET /api/v1/cluster/devices': 'models:list',
}

/** Paths that are the console itself, not the API. */
export function isConsolePath(url: string): boolean {
  return url === '/' || url === '/ui' || url === '/ui/' || url.startsWith('/ui/')
}

/** The table entry for a registered route, whether at its SPEC path or at upstream's. */
export function accessFor(method: string, routeUrl: string): Access | undefined {
  return ROUTE_SCOPES[`${method} ${routeUrl}`] ?? ROUTE_SCOPES[`${method} /api${routeUrl}`]
}
