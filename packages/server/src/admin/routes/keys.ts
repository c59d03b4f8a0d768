import { api, type ApiKey } from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { KeyStore } from '../auth/api-keys.js'
import { holds } from '../auth/authenticator.js'
import type { FailureBans } from '../auth/failure-bans.js'
import type { UserStore } from '../auth/user-store.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

export interface KeyRouteOptions {
  store: { users: UserStore; keys: KeyStore; bans: FailureBans } | null
  /** Why there are no keys here (an auth file, or no auth). */
  reason: string
}

/**
 * Upstream v3's API keys, at its paths: `keys:create` makes keys (for oneself) and sees one's own; `keys:manage`
 * (or admin) sees, changes and removes everyone's; only an administrator makes a key for someone else. A key's secret is in the creation's answer only: the store keeps
 * its hash, so there is nothing to reveal later (v3 keeps keys encrypted and can).
 */
export async function keyRoutes(app: FastifyInstance, options: KeyRouteOptions) {
  const store = () => {
    if (!options.store) throw new HttpError(400, options.reason)
    return options.store
  }
  const manages = (request: FastifyRequest) =>
    request.identity === null || holds(request.identity, 'keys:manage')
  /** The caller's own id in the store. */
  const callerId = (request: FastifyRequest) => {
    const id = request.identity?.userId
    if (id === undefined) throw new HttpError(400, 'owner required')
    return id
  }
  /** A key the caller may see: any for keys:manage, else only their own (404 for others, as for none). */
  const visibleKey = (request: FastifyRequest, id: number): ApiKey => {
    const key = store().keys.byId(id)
    if (!key || (!manages(request) && key.user_id !== callerId(request))) {
      throw new HttpError(404, 'API key not found')
    }
    return key
  }

  serve(app, api.createKey, async (request, reply) => {
    const { users, keys } = store()
    const { owner, ...key } = request.body
    // A key acts as its owner, with the owner's scopes: one made for someone else would lend the maker that
    // person's scopes. So only an administrator, who holds every scope already, names another owner; anyone
    // else's `owner` is ignored, as v3 ignores it for non-managers (docs/security.md).
    const ownerId = owner !== undefined && request.admin ? owner : callerId(request)
    if (!users.byId(ownerId)) throw new HttpError(404, 'User not found')
    return reply.code(201).send(keys.create(ownerId, key))
  })
  serve(app, api.listKeys, (request) =>
    store().keys.list(manages(request) ? request.query.owner : callerId(request)),
  )
  serve(app, api.getKey, (request) => {
    const { owner_username: _owner, ...key } = visibleKey(request, request.params.key_id)
    return key
  })
  serve(app, api.updateKey, (request) => {
    visibleKey(request, request.params.key_id)
    store().keys.update(request.params.key_id, request.body)
    return { ok: true }
  })
  serve(app, api.deleteKey, (request) => {
    visibleKey(request, request.params.key_id)
    store().keys.remove(request.params.key_id)
    store().bans.unbanKeys(request.params.key_id)
    return { ok: true }
  })
  serve(app, api.revealKey, (request) => {
    visibleKey(request, request.params.key_id)
    throw new HttpError(
      409,
      'This server keeps API keys only as hashes: a key is shown once, when it is created. Create a new key and delete this one.',
    )
  })
  serve(app, api.getKeyPermissions, (request) => ({
    model_permissions: visibleKey(request, request.params.key_id).model_permissions,
  }))
  serve(app, api.setKeyPermissions, (request) => {
    visibleKey(request, request.params.key_id)
    store().keys.update(request.params.key_id, request.body)
    return { ok: true }
  })
  // The bans of one key, by address.
  serve(app, api.listKeyBans, (request) =>
    store()
      .bans.bannedKeys(visibleKey(request, request.params.key_id).id)
      .map(({ ip, banned_until, remaining_seconds }) => ({ ip, banned_until, remaining_seconds })),
  )
  serve(app, api.unbanKeyAddress, (request) => {
    const { ip } = request.body
    if (!ip) throw new HttpError(400, 'ip required')
    store().bans.unbanKey(ip, visibleKey(request, request.params.key_id).id)
    return { ok: true }
  })
  serve(app, api.unbanKeyEverywhere, (request) => ({
    unbanned: store().bans.unbanKeys(visibleKey(request, request.params.key_id).id),
  }))
}
