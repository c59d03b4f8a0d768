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
}

/** Paths that are the console itself, not the API. */
export function isConsolePath(url: string): boolean {
  return url === '/' || url === '/ui' || url === '/ui/' || url.startsWith('/ui/')
}

/** The table entry for a registered route, whether at its SPEC path or at upstream's. */
export function accessFor(method: string, routeUrl: string): Access | undefined {
  return ROUTE_SCOPES[`${method} ${routeUrl}`] ?? ROUTE_SCOPES[`${method} /api${routeUrl}`]
}
