import {
  api,
  apiRoutes,
  routeName,
  routeOfRegistered,
  Scope,
  servedPaths,
  type AuditCategory,
  type Route,
} from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { isConsolePath } from '../src/http/console-static.js'
import { CLUSTER_ROUTES } from '../src/http/table-entry.js'
import { authFile, testApp, testGateway } from './helper.js'

const CATEGORIES: readonly AuditCategory[] = ['auth', 'inference', 'admin', 'none']

/** The API routes a server registered (`METHOD /path`): not the console's files, nor the HEAD of each GET. */
function apiRegistrations(app: FastifyInstance): string[] {
  return app.registeredRoutes
    .filter(({ method, url }) => method !== 'HEAD' && !isConsolePath(url))
    .map(({ method, url }) => `${method} ${url}`)
}

/** Every path each entry is served at, as the platform registers it. */
const tableRegistrations = apiRoutes.flatMap((route) =>
  servedPaths(route).map((path) => `${route.method} ${path}`),
)

const sorted = (names: Iterable<string>) => [...names].sort()

const partition = (names: string[], test: (name: string) => boolean): [string[], string[]] => [
  names.filter(test),
  names.filter((name) => !test(name)),
]

describe('the route table', () => {
  it('decides access and the audit category of every entry, once per method and path', () => {
    for (const route of apiRoutes) {
      const name = routeName(route)
      const { access } = route
      if (access !== 'public' && access !== 'signed-in') {
        const scopes = typeof access === 'string' ? [access] : access
        expect(scopes.length, name).toBeGreaterThan(0)
        for (const scope of scopes) expect(Scope.safeParse(scope).success, `${name}: ${scope}`).toBe(true)
      }
      expect(CATEGORIES, name).toContain(route.audit)
    }
    expect(new Set(apiRoutes.map(routeName)).size).toBe(apiRoutes.length)
  })
})

describe.each([
  ['with an auth file', { authConfig: 'file' }],
  ['with the user store', { authStore: true }],
  ['without auth', {}],
])('the platform %s', (_mode, options) => {
  const platform = () => testApp('authConfig' in options ? { authConfig: authFile() } : options)

  it('registers every table entry at every served path, and nothing outside the table', async () => {
    const app = await platform()
    await app.ready()
    const [clusters, own] = partition(apiRegistrations(app), (name) => name.includes(` ${CLUSTER_ROUTES}/`))
    expect(sorted(own)).toEqual(sorted(tableRegistrations))
    for (const { method, url } of app.registeredRoutes.filter((r) => !isConsolePath(r.url))) {
      if (url.startsWith(`${CLUSTER_ROUTES}/`)) continue
      expect(routeOfRegistered(method, url), `${method} ${url}`).toBeDefined()
    }
    // A cluster's routes (clusters/cluster-gateway.ts): the gateway's, entries of the table at their SPEC path, and
    // what passes through, under the cluster's name.
    for (const name of clusters) {
      const [method = '', url = ''] = name.split(' ')
      const inner = url.slice(CLUSTER_ROUTES.length)
      if (inner === '/*') continue
      const entry = routeOfRegistered(method, inner)
      expect(entry && servedPaths(entry), name).toContain(inner)
    }
    expect(clusters).toContain(`GET ${CLUSTER_ROUTES}/*`)
  })
})

describe('the platform with auth', () => {
  it('route scan: no API route answers without a token but the open ones', async () => {
    const app = await testApp({ authConfig: authFile() })
    await app.ready()
    const registered = app.registeredRoutes.filter(({ url }) => !isConsolePath(url))
    expect(registered.length).toBeGreaterThan(5)
    for (const { method, url } of registered) {
      // A cluster's routes are the table's under its name; what passes through to one is an administrator's.
      const inner = url.startsWith(`${CLUSTER_ROUTES}/`) ? url.slice(CLUSTER_ROUTES.length) : url
      // The front door answers other methods (TRACE, CONNECT …) 405 before anyone is asked who they are.
      if (inner === '/*' && !['GET', 'POST', 'PUT', 'DELETE'].includes(method)) continue
      const access = inner === '/*' ? 'admin' : routeOfRegistered(method, inner)?.access
      expect(access, `${method} ${url} is missing from the route table`).toBeDefined()
      if (access === 'public') continue
      const response = await app.inject({
        method: method as 'GET',
        // Two segments: one would be a model's page (`/:model_uid`), open to all.
        url: url.replace(/:(\w+)/g, 'x').replace(/\*$/, 'some/path'),
        // A read carries no body (the front door refuses one before auth).
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
      })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
    // /token, the auth flag, a model's web UI page (HTML only; its requests carry the token), and what Login
    // must know before anyone signed in: the server's features and whether a first admin is still needed; and
    // the first admin's set-up itself, which refuses once anyone exists (user-store.test.ts).
    expect(sorted(apiRoutesOpenToAll())).toEqual(
      sorted([
        'POST /token',
        'POST /v1/auth/refresh',
        'POST /v1/auth/logout',
        'GET /api/v1/cluster/auth',
        'GET /:model_uid',
        'GET /api/v1/console/features',
        'GET /api/v1/admin/setup/status',
        'POST /api/v1/admin/setup',
      ]),
    )
  })
})

function apiRoutesOpenToAll(): string[] {
  return apiRoutes.filter((route: Route) => route.access === 'public').map(routeName)
}

describe('the gateway', () => {
  it('registers only table entries (at their SPEC path) beside the console and its forwarding', async () => {
    const { app } = await testGateway('http://127.0.0.1:9')
    const own = apiRegistrations(app).filter((name) => !name.endsWith(' /*'))
    expect(own.length).toBeGreaterThan(5)
    for (const name of own) {
      const [method = '', url = ''] = name.split(' ')
      const route = routeOfRegistered(method, url)
      expect(route, `${name} is not in the route table`).toBeDefined()
      // The Messages API is the one exception: Anthropic's clients call `/v1/messages`, which a released Xinference
      // serves elsewhere or not at all, so the gateway answers there too (gateway/messages.ts).
      if (route === api.createMessage) expect(['/api/v1/messages', '/v1/messages']).toContain(url)
      else expect(url, name).toBe(route?.path)
    }
    // The forwarding takes every method at every other path, as it is.
    expect(apiRegistrations(app).filter((name) => name.endsWith(' /*')).length).toBeGreaterThan(0)
  })
})
