import {
  allowedWhilePasswordMustChange,
  api,
  isKeyRoute,
  type Access,
  type Route,
} from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { keyReaches } from './api-keys.js'
import { KeyRefused, notAuthenticated, holds, type Authenticator, type Identity } from './authenticator.js'
import type { FailureBans } from './failure-bans.js'
import { isConsolePath } from '../../http/console-static.js'
import { clientAddress } from '../../http/client-view.js'
import { HttpError } from '../../http/http-error.js'
import { accessOf, tableEntry } from '../../http/table-entry.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; null when auth is off or the route is public. */
    identity: Identity | null
    /** Whether the caller may see what only an administrator may: true when auth is off (anyone may do anything). */
    admin: boolean
    /** The audit trail's word for a refusal the status alone does not tell (`ip_banned`, `login_failed` …). */
    auditStatus: string | null
    /** The trail's tier, where a route knows better than the request's shape (audit-log.ts). */
    auditTier: 'security' | 'request' | null
  }
}

export interface AuthOptions {
  /** The user store's failure limits (v3's bans); none with an auth file. */
  bans?: FailureBans | undefined
  /** A running model's type, for keys limited to a type. */
  modelTypeOf?: (uid: string) => string | undefined
}

/**
 * The credential a request carries: the bearer token of the Authorization header, or, on the Messages API only,
 * Anthropic's `x-api-key` header, which its clients send instead (as upstream reads it there). The same token
 * either way, so it meets the same checks, bans and audit. Never a cookie: a cross-site request must not ride one.
 */
function credential(request: FastifyRequest, entry: Route | undefined): string | null {
  const header = request.headers.authorization
  if (header) return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null
  const key = request.headers['x-api-key']
  if (entry !== api.createMessage || typeof key !== 'string') return null
  return /^\S+$/.test(key.trim()) ? key.trim() : null
}

function allows(identity: Identity, access: Exclude<Access, 'public'>): boolean {
  if (access === 'signed-in') return !identity.key
  return typeof access === 'string' ? holds(identity, access) : access.some((scope) => holds(identity, scope))
}

/** The model a request names: in its path, or as `model` in its body (the inference routes). */
function modelNamed(request: FastifyRequest): string | undefined {
  const params = request.params as { model_uid?: unknown } | undefined
  if (typeof params?.model_uid === 'string') return params.model_uid
  const body = request.body as { model?: unknown } | undefined
  return typeof body?.model === 'string' ? body.model : undefined
}

/**
 * With auth on, every API route needs a valid token holding the scope its entry in the route table names (found
 * by the registered route); only the entries open to all (`/token`, the auth flag …) and the console's own files
 * are open. Without it, everything is open. With the user store, as v3: an
 * address that failed too often is refused (429) whatever it sends without a valid credential, an (address, API
 * key) pair that failed too often is refused, an API key reaches only models (and only those its permissions
 * name), and a user whose password was reset may only change it. Installed on the root instance (not
 * as an encapsulated plugin) so the hooks cover every route.
 */
export function installAuth(
  app: FastifyInstance,
  authenticator: Authenticator | null,
  options: AuthOptions = {},
) {
  const { bans, modelTypeOf } = options
  app.decorateRequest('identity', null)
  app.decorateRequest('admin', authenticator === null)
  app.decorateRequest('auditStatus', null)
  app.decorateRequest('auditTier', null)
  if (!authenticator) return

  /** 429 while the address is banned: for what it sends without a valid credential, never for a valid one. */
  const refuseBanned = (request: FastifyRequest, address: string) => {
    const wait = bans?.ipBan(address) ?? 0
    if (wait === 0) return
    request.auditStatus = 'ip_banned'
    throw new HttpError(429, 'Too many failed attempts. IP temporarily banned.', {
      'retry-after': String(wait),
    })
  }

  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url
    // Unknown paths fall through to the 404 handler, which tells nothing.
    if (routeUrl === undefined || isConsolePath(routeUrl)) return
    // A route outside the table (none is: test/route-table.test.ts) is an administrator's.
    const entry = tableEntry(request)
    const access = accessOf(request, entry)
    // Sign-in and refresh check their own credential first (routes/token.ts).
    if (access === 'public') return

    // The credential is checked before the address's ban: everyone behind one address (a NAT, a proxy, every
    // local account at 127.0.0.1) keeps working while junk from that address is refused.
    const address = clientAddress(request)
    const token = credential(request, entry)
    if (!token) {
      refuseBanned(request, address)
      throw notAuthenticated()
    }
    let identity: Identity
    try {
      identity = await authenticator.identify(token)
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        refuseBanned(request, address)
        if (error instanceof KeyRefused) {
          // The trail says which key was refused (its name and prefix, never the secret).
          request.auditKey = error.key
          bans?.failKey(address, error.key)
        } else bans?.failIp(address)
      }
      throw error
    }
    if (identity.key) {
      const keyWait = bans?.keyBan(address, identity.key.id) ?? 0
      if (keyWait > 0) {
        request.auditStatus = 'key_banned'
        throw new HttpError(429, 'Too many failed attempts for this key.', { 'retry-after': String(keyWait) })
      }
    }
    request.identity = identity
    if (identity.mustChangePassword && !allowedWhilePasswordMustChange(entry)) {
      throw new HttpError(403, 'Password change required before using this account.')
    }
    if (identity.key && !isKeyRoute(entry)) {
      throw new HttpError(403, 'API keys can only access model query and inference endpoints')
    }
    if (!allows(identity, access)) throw new HttpError(403, 'Not enough permissions')
    request.admin = !identity.key && holds(identity, 'admin')
  })

  // A key limited to some models: the model is named in the path or the body, so this waits for the body.
  app.addHook('preHandler', async (request) => {
    const key = request.identity?.key
    if (!key) return
    const model = modelNamed(request)
    if (model === undefined) return
    if (!keyReaches(key.permissions, { id: model, type: modelTypeOf?.(model) })) {
      throw new HttpError(403, `API key does not have access to model: ${model}`)
    }
  })
}
