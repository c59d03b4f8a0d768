import { api, type AdminUser, type Scope } from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { LastAdministrator, type StoredUser, type UserStore } from '../auth/user-store.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

const listed = (user: StoredUser): AdminUser => ({ ...user, source: 'local' })

/**
 * Upstream v3's user management, at its paths (`users:manage`): list, create, read, enable/disable and
 * permissions, delete, a new password. As v3 guards it: nobody grants scopes they do not hold, and only an
 * administrator may change or remove an administrator; beyond v3, no change may leave the server without an
 * enabled administrator, and nobody sets the password of a user holding a scope they lack. Every change that
 * takes something away (disabling, a new password, removal) ends the user's sessions at once (user-store.ts).
 */
export async function userRoutes(app: FastifyInstance, options: { store: UserStore | null; reason: string }) {
  const store = () => {
    if (!options.store) throw new HttpError(400, options.reason)
    return options.store
  }
  const callerIsAdmin = (request: FastifyRequest) => request.admin
  const holdsScope = (request: FastifyRequest, scope: Scope) =>
    request.identity?.scopes.includes(scope) ?? false
  /** v3's escalation guard: a caller may grant only what they hold (admin grants anything). */
  const mayGrant = (request: FastifyRequest, permissions: readonly Scope[]) => {
    if (callerIsAdmin(request)) return
    const held = request.identity?.scopes ?? []
    const escalated = permissions.filter((scope) => !held.includes(scope))
    if (escalated.length > 0) {
      throw new HttpError(403, `Cannot grant permissions you do not hold: ${escalated.join(', ')}`)
    }
  }
  /** v3's takeover guard: only an administrator changes or removes an administrator. */
  const target = (request: FastifyRequest, id: number) => {
    const user = store().byId(id)
    if (!user) throw new HttpError(404, 'User not found')
    if (!callerIsAdmin(request) && user.permissions.includes('admin')) {
      throw new HttpError(403, 'Non-admin cannot perform this action on an admin user')
    }
    return user
  }
  const keepAnAdmin = (work: () => void) => {
    try {
      work()
    } catch (error) {
      if (error instanceof LastAdministrator) {
        throw new HttpError(400, 'This would leave no enabled administrator: make another one first')
      }
      throw error
    }
  }

  serve(app, api.listUsers, () => store().list().map(listed))
  serve(app, api.createUser, async (request, reply) => {
    mayGrant(request, request.body.permissions)
    const user = await store().create(request.body)
    if (!user) throw new HttpError(409, 'User already exists')
    return reply.code(201).send({ id: user.id, username: user.username })
  })
  serve(app, api.getUser, (request) => {
    const user = store().byId(request.params.user_id)
    if (!user) throw new HttpError(404, 'User not found')
    return listed(user)
  })
  serve(app, api.updateUser, (request) => {
    target(request, request.params.user_id)
    if (request.body.permissions) mayGrant(request, request.body.permissions)
    keepAnAdmin(() => store().update(request.params.user_id, request.body))
    return { ok: true }
  })
  serve(app, api.deleteUser, (request) => {
    target(request, request.params.user_id)
    keepAnAdmin(() => store().remove(request.params.user_id))
    return { ok: true }
  })
  // v3 reads and sets a user's permissions on their own too.
  serve(app, api.getUserPermissions, (request) => ({
    permissions: target(request, request.params.user_id).permissions,
  }))
  serve(app, api.setUserPermissions, (request) => {
    target(request, request.params.user_id)
    mayGrant(request, request.body.permissions)
    keepAnAdmin(() => store().update(request.params.user_id, request.body))
    return { ok: true }
  })
  serve(app, api.setUserPassword, async (request) => {
    const user = target(request, request.params.user_id)
    // Whoever sets a password can sign in with it: only over a user whose scopes they hold themselves, or
    // `users:manage` would be every scope of every non-admin (docs/security.md).
    const beyond = request.admin ? [] : user.permissions.filter((scope) => !holdsScope(request, scope))
    if (beyond.length > 0) {
      throw new HttpError(
        403,
        `Cannot set the password of a user holding permissions you do not hold: ${beyond.join(', ')}`,
      )
    }
    await store().resetPassword(request.params.user_id, request.body.new_password)
    return { ok: true }
  })
}
