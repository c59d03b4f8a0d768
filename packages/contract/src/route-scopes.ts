import type { Scope } from './auth.js'

/**
 * Who may call a route: anyone; any signed-in user (not an API key); or a signed-in user holding the scope, or any
 * of the scopes (admin holds them all).
 */
export type Access = 'public' | 'signed-in' | Scope | readonly Scope[]

/**
 * The one table of API routes and the scope each needs, keyed by method and SPEC path pattern; the same
 * handler at upstream's `/v1` path needs the same scope (so does upstream v3's, by the same scope names). The
 * server guards each route by it (a route missing here is refused to everyone but admin, and a test fails until it
 * is added); the console names from it the permission a refused request needed.
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

/** A pattern's segments, literal or `:param`, and how many are literal (the more, the more specific). */
const PATTERNS = Object.keys(ROUTE_SCOPES).map((key) => {
  const [method = '', path = ''] = key.split(' ')
  const segments = path.split('/')
  return { key, method, segments, literal: segments.filter((part) => !part.startsWith(':')).length }
})

/**
 * The table's entry for a request as sent (`DELETE /api/v1/models/my-llm?x=1`), at its SPEC path or upstream's
 * `/v1` one: the most specific pattern it fits (`/api/v1/models/launches` before `/api/v1/models/:model_uid`);
 * undefined when none does.
 */
export function accessOfRequest(method: string, url: string): Access | undefined {
  const path = (url.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '') || '/'
  const asked = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
  const fits = (candidate: string) => {
    const parts = candidate.split('/')
    let best: (typeof PATTERNS)[number] | undefined
    for (const pattern of PATTERNS) {
      if (pattern.method !== asked || pattern.segments.length !== parts.length) continue
      const same = pattern.segments.every((part, at) => part.startsWith(':') || part === parts[at])
      if (same && (!best || pattern.literal > best.literal)) best = pattern
    }
    return best
  }
  const match = fits(path) ?? (path.startsWith('/v1/') ? fits(`/api${path}`) : undefined)
  return match && ROUTE_SCOPES[match.key]
}

/**
 * The permission a refused request needed, in the words of the table (`models:start`; `keys:create or
 * keys:manage` reads as the scopes joined by `joiner`); null where no permission would have let it through
 * (open routes, those for any signed-in user, routes unknown here).
 */
export function neededPermission(method: string, url: string, joiner = ' / '): string | null {
  const access = accessOfRequest(method, url)
  if (access === undefined || access === 'public' || access === 'signed-in') return null
  return typeof access === 'string' ? access : access.join(joiner)
}
