import type { FastifyInstance, FastifyRequest } from 'fastify'
import { notAuthenticated, holds, type Authenticator, type Identity } from '../auth/authenticator.js'
import { accessFor, isConsolePath } from '../auth/route-scopes.js'
import { HttpError } from '../http-error.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; null when auth is off or the route is public. */
    identity: Identity | null
    /** Whether the caller may see what only an administrator may: true when auth is off (anyone may do anything). */
    admin: boolean
  }
}

/** The bearer token of the Authorization header. Never a cookie: a cross-site request must not ride one. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * With an auth file, every API route needs a valid token holding the route's scope (ROUTE_SCOPES); only
 * `/token`, the auth flag and the console's own files are open. Without one, everything is open. Installed on
 * the root instance (not as an encapsulated plugin) so the hook covers every route.
 */
export function installAuth(app: FastifyInstance, authenticator: Authenticator | null) {
  app.decorateRequest('identity', null)
  app.decorateRequest('admin', authenticator === null)
  if (!authenticator) return

  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url
    // Unknown paths fall through to the 404 handler, which tells nothing.
    if (routeUrl === undefined || isConsolePath(routeUrl)) return
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const access = accessFor(method, routeUrl) ?? 'admin'
    if (access === 'public') return

    const token = bearerToken(request)
    if (!token) throw notAuthenticated()
    const identity = await authenticator.identify(token)
    if (!holds(identity, access)) throw new HttpError(403, 'Not enough permissions')
    request.identity = identity
    request.admin = holds(identity, 'admin')
  })
}
