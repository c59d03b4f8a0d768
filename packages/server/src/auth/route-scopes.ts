import type { Scope } from '@serving-console/contract'

/**
 * Who may call a route: anyone; any signed-in user (not an API key); or a signed-in user holding the scope, or any
 * of the scopes (admin holds them all).
 */
export type Access = 'public' | 'signed-in' | Scope | readonly Scope[]

/**
 * The one table of API routes and the scope each needs, keyed by method and SPEC path pattern; the same
 * handler at upstream's `/v1` path needs the same scope. A route missing here is refused to everyone but admin,
 * and a test fails until it is added.
 */
export const ROUTE_SCOPES: Record<string, Access> = {
  'POST /token': 'public',
  // A refresh token stands for its user (an expired access token cannot); logout only revokes the one given.
  'POST /v1/auth/refresh': 'public',
  'POST /v1/auth/logout': 'public',
  'GET /api/v1/cluster/auth': 'public',
  // Model names and usage: a scraper signs in as a user or with an API key that may list models.
  'GET /metrics': 'models:list',
  'GET /v1/cluster/info': 'admin',
  'GET /v1/cluster/version': 'admin',
  'GET /api/v1/cluster/devices': 'models:list',
  // The machine's recent use, as Cluster Information shows it: who may see the cluster.
  'GET /api/v1/cluster/history': 'admin',
  'GET /api/v1/model_registrations/:model_type': 'models:list',
  'GET /api/v1/model_registrations/:model_type/:model_name': 'models:list',
  'DELETE /api/v1/model_registrations/:model_type/:model_name': 'models:unregister',
  'POST /api/v1/model_registrations/:model_type': 'models:register',
  'GET /api/v1/engines/:model_name': 'models:list',
  'GET /api/v1/models/prompts': 'models:list',
  'GET /api/v1/models/families': 'models:list',
  'POST /api/v1/models': 'models:start',
  'GET /api/v1/models': 'models:list',
  'GET /api/v1/models/:model_uid': 'models:list',
  'DELETE /api/v1/models/:model_uid': 'models:stop',
  'GET /api/v1/models/:model_uid/progress': 'models:read',
  'POST /api/v1/models/:model_uid/cancel': 'models:stop',
  'GET /api/v1/models/:model_uid/replicas': 'models:list',
  'POST /api/v1/models/:model_uid/restart': 'models:start',
  'GET /api/v1/models/:model_uid/usage': 'models:list',
  'GET /api/v1/launch_history': 'models:list',
  'POST /api/v1/launch_history': 'models:start',
  'DELETE /api/v1/launch_history/:model_name/:model_uid': 'models:start',
  'GET /api/v1/fit/:model_type': 'models:list',
  'GET /api/v1/fit/:model_type/:model_name': 'models:list',
  'GET /api/v1/models/:model_uid/logs': 'models:read',
  'GET /api/v1/cache/models': 'cache:list',
  'DELETE /api/v1/cache/models': 'cache:delete',
  'POST /api/v1/chat/completions': 'models:read',
  'POST /api/v1/completions': 'models:read',
  'POST /api/v1/embeddings': 'models:read',
  'POST /api/v1/rerank': 'models:read',
  'POST /api/v1/ui/:model_uid': 'models:read',
  'POST /api/v1/ui/images/:model_uid': 'models:read',
  // A model's web UI page is opened in a new tab, which cannot send a Bearer header; the page holds no data and
  // its chat requests carry the token.
  'GET /:model_uid': 'public',
  'GET /api/v1/models/launches': 'models:list',
  'GET /api/v1/models/file_info': 'models:register',
  // What the console may show, and whether a first administrator is still needed: asked before sign-in.
  'GET /api/v1/console/features': 'public',
  'GET /api/v1/admin/setup/status': 'public',
  // Open only while the user store has nobody; refused (403) once the first administrator exists.
  'POST /api/v1/admin/setup': 'public',
  // Upstream v3's user management.
  'GET /api/v1/admin/users': 'users:manage',
  'POST /api/v1/admin/users': 'users:manage',
  'GET /api/v1/admin/users/:user_id': 'users:manage',
  'PUT /api/v1/admin/users/:user_id': 'users:manage',
  'DELETE /api/v1/admin/users/:user_id': 'users:manage',
  'PUT /api/v1/admin/users/:user_id/password': 'users:manage',
  'GET /api/v1/admin/users/:user_id/permissions': 'users:manage',
  'PUT /api/v1/admin/users/:user_id/permissions': 'users:manage',
  // One's own password: every signed-in user, and the one thing a user whose password was reset may do.
  'PUT /v1/auth/password': 'signed-in',
  // Signing out everywhere: every session of the caller ends.
  'POST /v1/auth/logout-all': 'signed-in',
  // Upstream v3's API keys: whoever may create keys sees their own; keys:manage sees and changes everyone's.
  'POST /api/v1/admin/keys': 'keys:create',
  'GET /api/v1/admin/keys': ['keys:create', 'keys:manage'],
  'GET /api/v1/admin/keys/:key_id': ['keys:create', 'keys:manage'],
  'PUT /api/v1/admin/keys/:key_id': 'keys:manage',
  'DELETE /api/v1/admin/keys/:key_id': 'keys:manage',
  'GET /api/v1/admin/keys/:key_id/reveal': 'keys:manage',
  'GET /api/v1/admin/keys/:key_id/permissions': 'keys:create',
  'PUT /api/v1/admin/keys/:key_id/permissions': 'keys:manage',
  // Upstream v3's failure limits and bans, and its audit center: administrators only.
  'GET /api/v1/admin/keys/:key_id/banned': 'admin',
  'POST /api/v1/admin/keys/:key_id/unban': 'admin',
  'POST /api/v1/admin/keys/:key_id/unban-all': 'admin',
  'GET /api/v1/admin/security/rate-limit': 'admin',
  'PUT /api/v1/admin/security/rate-limit': 'admin',
  'GET /api/v1/admin/security/banned-ips': 'admin',
  'POST /api/v1/admin/security/unban-ip': 'admin',
  'POST /api/v1/admin/security/unban-all-ips': 'admin',
  'GET /api/v1/admin/security/banned-keys': 'admin',
  'POST /api/v1/admin/security/unban-key': 'admin',
  'POST /api/v1/admin/security/unban-all-keys': 'admin',
  'GET /api/v1/audit/search': 'admin',
  'GET /api/v1/audit/filter-options': 'admin',
  'GET /api/v1/audit/export': 'admin',
}

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
