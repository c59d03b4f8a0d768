import {
  ApiKey,
  ApiKeyList,
  BannedIp,
  CreatedKey,
  CreateKeyRequest,
  KeyIdParams,
  KeyPermissions,
  OkResponse,
  routePatterns,
  UnbanIpRequest,
  UnbannedResponse,
  UpdateKeyRequest,
} from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import type { KeyStore } from '../auth/api-keys.js'
import { holds } from '../auth/authenticator.js'
import type { FailureBans } from '../auth/failure-bans.js'
import type { UserStore } from '../auth/user-store.js'
import { HttpError } from '../../http/http-error.js'
import type { ZodTypeProvider } from '../../http/zod-type-provider.js'
import { specAndUpstream } from '../../http/paths.js'

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
  const typed = app.withTypeProvider<ZodTypeProvider>()
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

  for (const url of specAndUpstream(routePatterns.keys)) {
    typed.post(
      url,
      { schema: { body: CreateKeyRequest, response: { 201: CreatedKey } } },
      async (request, reply) => {
        const { users, keys } = store()
        const { owner, ...key } = request.body
        // A key acts as its owner, with the owner's scopes: one made for someone else would lend the maker that
        // person's scopes. So only an administrator, who holds every scope already, names another owner; anyone
        // else's `owner` is ignored, as v3 ignores it for non-managers (docs/security.md).
        const ownerId = owner !== undefined && request.admin ? owner : callerId(request)
        if (!users.byId(ownerId)) throw new HttpError(404, 'User not found')
        return reply.code(201).send(keys.create(ownerId, key))
      },
    )
    typed.get(
      url,
      {
        schema: {
          querystring: z.object({ owner: z.optional(z.coerce.number().check(z.int(), z.positive())) }),
          response: { 200: ApiKeyList },
        },
      },
      (request) => store().keys.list(manages(request) ? request.query.owner : callerId(request)),
    )
  }
  for (const url of specAndUpstream(routePatterns.key)) {
    typed.get(url, { schema: { params: KeyIdParams, response: { 200: ApiKey } } }, (request) => {
      const { owner_username: _owner, ...key } = visibleKey(request, request.params.key_id)
      return key
    })
    typed.put(
      url,
      { schema: { params: KeyIdParams, body: UpdateKeyRequest, response: { 200: OkResponse } } },
      (request) => {
        visibleKey(request, request.params.key_id)
        store().keys.update(request.params.key_id, request.body)
        return { ok: true }
      },
    )
    typed.delete(url, { schema: { params: KeyIdParams, response: { 200: OkResponse } } }, (request) => {
      visibleKey(request, request.params.key_id)
      store().keys.remove(request.params.key_id)
      store().bans.unbanKeys(request.params.key_id)
      return { ok: true }
    })
  }
  for (const url of specAndUpstream(routePatterns.keyReveal)) {
    typed.get(url, { schema: { params: KeyIdParams } }, (request) => {
      visibleKey(request, request.params.key_id)
      throw new HttpError(
        409,
        'This server keeps API keys only as hashes: a key is shown once, when it is created. Create a new key and delete this one.',
      )
    })
  }
  for (const url of specAndUpstream(routePatterns.keyPermissions)) {
    typed.get(url, { schema: { params: KeyIdParams, response: { 200: KeyPermissions } } }, (request) => ({
      model_permissions: visibleKey(request, request.params.key_id).model_permissions,
    }))
    typed.put(
      url,
      { schema: { params: KeyIdParams, body: KeyPermissions, response: { 200: OkResponse } } },
      (request) => {
        visibleKey(request, request.params.key_id)
        store().keys.update(request.params.key_id, request.body)
        return { ok: true }
      },
    )
  }
  // The bans of one key, by address.
  for (const url of specAndUpstream(routePatterns.keyBanned)) {
    typed.get(url, { schema: { params: KeyIdParams, response: { 200: z.array(BannedIp) } } }, (request) =>
      store()
        .bans.bannedKeys(visibleKey(request, request.params.key_id).id)
        .map(({ ip, banned_until, remaining_seconds }) => ({ ip, banned_until, remaining_seconds })),
    )
  }
  for (const url of specAndUpstream(routePatterns.keyUnban)) {
    typed.post(
      url,
      { schema: { params: KeyIdParams, body: UnbanIpRequest, response: { 200: OkResponse } } },
      (request) => {
        const { ip } = request.body
        if (!ip) throw new HttpError(400, 'ip required')
        store().bans.unbanKey(ip, visibleKey(request, request.params.key_id).id)
        return { ok: true }
      },
    )
  }
  for (const url of specAndUpstream(routePatterns.keyUnbanAll)) {
    typed.post(url, { schema: { params: KeyIdParams, response: { 200: UnbannedResponse } } }, (request) => ({
      unbanned: store().bans.unbanKeys(visibleKey(request, request.params.key_id).id),
    }))
  }
}
