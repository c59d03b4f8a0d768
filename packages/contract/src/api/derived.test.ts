import { describe, expect, it } from 'vitest'
import { accessOf, allowedWhilePasswordMustChange, isKeyRoute, scopesOf } from './access.js'
import { accessOfRequest, keyRoutes, neededPermission, passwordChangeRoutes } from './access-table.js'
import { auditCategoryOf } from './audit-category.js'
import { routeName, routeOfRegistered, routeOfRequest } from './lookup.js'
import { servedPaths, type Access } from './route.js'
import { apiRoutes } from './areas.js'
import { api } from './table.js'

/**
 * The access of every route as the hand-written table had it before the route table (copied literally), so this
 * proves the table changed nobody's access.
 */
const ACCESS_BEFORE: Readonly<Record<string, Access>> = {
  'POST /token': 'public',
  'POST /v1/auth/refresh': 'public',
  'POST /v1/auth/logout': 'public',
  'GET /api/v1/cluster/auth': 'public',
  'GET /metrics': 'models:list',
  'GET /v1/cluster/info': 'admin',
  'GET /v1/cluster/version': 'admin',
  'GET /api/v1/cluster/devices': 'models:list',
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
  'POST /api/v1/cache/models': 'models:start',
  'GET /api/v1/cache/downloads': 'cache:list',
  'GET /api/v1/cache/disk': 'cache:list',
  'POST /api/v1/benchmarks': 'admin',
  'GET /api/v1/benchmarks': 'admin',
  'GET /api/v1/benchmarks/:benchmark_id': 'admin',
  'POST /api/v1/benchmarks/:benchmark_id/stop': 'admin',
  'DELETE /api/v1/benchmarks/:benchmark_id': 'admin',
  'GET /api/v1/clusters': 'admin',
  'POST /api/v1/clusters': 'admin',
  'GET /api/v1/clusters/states': 'models:list',
  'PUT /api/v1/clusters/:name': 'admin',
  'DELETE /api/v1/clusters/:name': 'admin',
  'POST /api/v1/clusters/:name/test': 'admin',
  'GET /api/v1/cache/models/:cache_uid/progress': 'cache:list',
  'POST /api/v1/cache/models/:cache_uid/pause': 'models:start',
  'POST /api/v1/cache/models/:cache_uid/resume': 'models:start',
  'POST /api/v1/cache/models/:cache_uid/cancel': 'models:start',
  'POST /api/v1/chat/completions': 'models:read',
  'POST /api/v1/completions': 'models:read',
  'POST /api/v1/embeddings': 'models:read',
  'POST /api/v1/rerank': 'models:read',
  'POST /api/v1/messages': 'models:read',
  'POST /api/v1/ui/:model_uid': 'models:read',
  'POST /api/v1/ui/images/:model_uid': 'models:read',
  'GET /:model_uid': 'public',
  'GET /api/v1/models/launches': 'models:list',
  'GET /api/v1/models/file_info': 'models:register',
  'GET /api/v1/console/features': 'public',
  'GET /api/v1/admin/setup/status': 'public',
  'POST /api/v1/admin/setup': 'public',
  'GET /api/v1/admin/users': 'users:manage',
  'POST /api/v1/admin/users': 'users:manage',
  'GET /api/v1/admin/users/:user_id': 'users:manage',
  'PUT /api/v1/admin/users/:user_id': 'users:manage',
  'DELETE /api/v1/admin/users/:user_id': 'users:manage',
  'PUT /api/v1/admin/users/:user_id/password': 'users:manage',
  'GET /api/v1/admin/users/:user_id/permissions': 'users:manage',
  'PUT /api/v1/admin/users/:user_id/permissions': 'users:manage',
  'PUT /v1/auth/password': 'signed-in',
  'POST /v1/auth/logout-all': 'signed-in',
  'POST /api/v1/admin/keys': 'keys:create',
  'GET /api/v1/admin/keys': ['keys:create', 'keys:manage'],
  'GET /api/v1/admin/keys/:key_id': ['keys:create', 'keys:manage'],
  'PUT /api/v1/admin/keys/:key_id': 'keys:manage',
  'DELETE /api/v1/admin/keys/:key_id': 'keys:manage',
  'GET /api/v1/admin/keys/:key_id/reveal': 'keys:manage',
  'GET /api/v1/admin/keys/:key_id/permissions': 'keys:create',
  'PUT /api/v1/admin/keys/:key_id/permissions': 'keys:manage',
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
  'GET /api/v1/limits': 'admin',
  'GET /api/v1/admin/users/:user_id/limits': 'users:manage',
  'PUT /api/v1/admin/users/:user_id/limits': 'users:manage',
  'GET /api/v1/admin/keys/:key_id/limits': 'keys:manage',
  'PUT /api/v1/admin/keys/:key_id/limits': 'keys:manage',
  'GET /api/v1/models/:model_uid/limits': 'models:read',
  'PUT /api/v1/models/:model_uid/limits': 'admin',
  'GET /api/v1/quota': 'models:read',
  'GET /api/v1/usage': 'signed-in',
  'GET /api/v1/alerts/rules': 'admin',
  'POST /api/v1/alerts/rules': 'admin',
  'PUT /api/v1/alerts/rules/:rule_id': 'admin',
  'DELETE /api/v1/alerts/rules/:rule_id': 'admin',
  'GET /api/v1/alerts/channels': 'admin',
  'POST /api/v1/alerts/channels': 'admin',
  'PUT /api/v1/alerts/channels/:channel_id': 'admin',
  'DELETE /api/v1/alerts/channels/:channel_id': 'admin',
  'POST /api/v1/alerts/channels/:channel_id/test': 'admin',
  'GET /api/v1/alerts': 'admin',
  'POST /api/v1/alerts/:alert_id/acknowledge': 'admin',
  'POST /api/v1/alerts/:alert_id/silence': 'admin',
}

/** A path with each `:param` filled, as a request sends it. */
const filled = (path: string) => path.replace(/:[A-Za-z_]+/g, 'x1')

describe('what is derived from the table', () => {
  it("gives every route the access it had before (the old table's list, literally)", () => {
    expect(Object.fromEntries(apiRoutes.map((route) => [routeName(route), accessOf(route)]))).toEqual(
      ACCESS_BEFORE,
    )
    for (const [name, access] of Object.entries(ACCESS_BEFORE)) {
      const [method = '', path = ''] = name.split(' ')
      expect(accessOfRequest(method, filled(path)), name).toEqual(access)
    }
  })

  it('lets API keys call exactly the routes they could before', () => {
    expect(keyRoutes()).toEqual([
      'GET /api/v1/models',
      'GET /api/v1/models/:model_uid',
      'POST /api/v1/chat/completions',
      'POST /api/v1/completions',
      'POST /api/v1/embeddings',
      'POST /api/v1/rerank',
      'POST /api/v1/messages',
      // A key's holder reads what remains of its own limits (docs/quotas.md).
      'GET /api/v1/quota',
    ])
    expect(isKeyRoute(routeOfRegistered('POST', '/v1/chat/completions'))).toBe(true)
    expect(isKeyRoute(routeOfRegistered('DELETE', '/v1/models/:model_uid'))).toBe(false)
    expect(isKeyRoute(undefined)).toBe(false)
  })

  it('leaves a user whose password must change exactly the routes it left before', () => {
    expect(passwordChangeRoutes().sort()).toEqual(
      [
        'PUT /v1/auth/password',
        'POST /v1/auth/logout',
        'POST /v1/auth/logout-all',
        'POST /v1/auth/refresh',
      ].sort(),
    )
    expect(allowedWhilePasswordMustChange(routeOfRegistered('PUT', '/v1/auth/password'))).toBe(true)
    expect(allowedWhilePasswordMustChange(routeOfRegistered('GET', '/api/v1/models'))).toBe(false)
  })

  it('names the scopes a screen needs, from the route it reads', () => {
    expect(scopesOf(api.listUsers)).toEqual(['users:manage'])
    expect(scopesOf(api.listKeys)).toEqual(['keys:create', 'keys:manage'])
    expect(scopesOf(api.signIn)).toEqual([])
    expect(scopesOf(api.changeOwnPassword)).toEqual([])
    expect(neededPermission('GET', '/api/v1/admin/keys/3', ' or ')).toBe('keys:create or keys:manage')
  })

  it('finds a registered route by its exact pattern only, at its SPEC path or upstream alias', () => {
    for (const route of apiRoutes) {
      for (const path of servedPaths(route)) expect(routeOfRegistered(route.method, path)).toBe(route)
    }
    expect(routeOfRegistered('HEAD', '/:model_uid')).toBe(api.getModelUi)
    // A route outside the table is not taken for the pattern its path fits.
    expect(routeOfRegistered('GET', '/healthz')).toBeUndefined()
    expect(routeOfRequest('GET', '/healthz')).toBe(api.getModelUi)
    // The console's own route is served at its SPEC path only.
    expect(servedPaths(api.getServerFeatures)).toEqual(['/api/v1/console/features'])
    expect(routeOfRegistered('GET', '/v1/console/features')).toBeUndefined()
  })
})

/**
 * The audit trail's rules before the table, copied literally (audit-plugin.ts's three regexes), `messages` added
 * with the Messages API.
 */
const INFERENCE = /^\/(?:api\/)?v1\/(?:chat\/|completions|embeddings|rerank|messages$|images\/|audio\/)/
const AUTH = /^\/(?:token$|(?:api\/)?v1\/auth\/)/
const UNRECORDED = /^\/(?:api\/)?v1\/audit\//
const categoryBefore = (path: string) =>
  UNRECORDED.test(path) ? 'none' : INFERENCE.test(path) ? 'inference' : AUTH.test(path) ? 'auth' : 'admin'

describe('auditCategoryOf', () => {
  it('says for every route, at each of its paths, what the regexes said before', () => {
    for (const route of apiRoutes) {
      for (const path of servedPaths(route)) {
        expect(auditCategoryOf(route.method, filled(path)), `${route.method} ${path}`).toBe(
          categoryBefore(filled(path)),
        )
      }
    }
  })

  it('answers for paths the table does not list, as the gateway forwards them, as the regexes did', () => {
    const forwarded = [
      ['POST', '/v1/images/generations'],
      ['POST', '/v1/audio/transcriptions'],
      ['POST', '/v1/audio/speech'],
      ['POST', '/v1/chat/completions/extra'],
      ['POST', '/api/v1/images/generations?x=1'],
      ['POST', '/v1/auth/whoami'],
      ['DELETE', '/v1/audit/entries'],
      ['POST', '/v1/workers'],
      ['GET', '/v1/workers/x1'],
      ['PUT', '/v1/models/x1/config'],
    ] as const
    for (const [method, url] of forwarded) {
      expect(routeOfRequest(method, url), url).toBeUndefined()
      expect(auditCategoryOf(method, url), url).toBe(categoryBefore(url.split('?')[0] ?? ''))
    }
  })
})
