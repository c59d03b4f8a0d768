import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { PASSWORD_MIN_LENGTH, type UserStore } from '../auth/user-store.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

/**
 * Upstream v3's first-run set-up, at its paths: while the built-in user store (`--auth`) has no user, anyone who
 * reaches the server may create the first administrator — once. With an auth file, or without auth, there is
 * nothing to set up.
 */
export async function setupRoutes(
  app: FastifyInstance,
  options: { store: UserStore | null; reason: string },
) {
  const { store } = options
  serve(app, api.getSetupStatus, () => {
    const needed = store !== null && store.count() === 0
    return { needs_setup: needed, initialized: !needed, password_min_length: PASSWORD_MIN_LENGTH }
  })
  serve(app, api.setUpFirstAdmin, async (request, reply) => {
    if (!store) throw new HttpError(400, options.reason)
    // The audit trail names who was made (or who tried), as for a sign-in.
    request.auditUser = request.body.username
    const admin = await store.setup(request.body.username, request.body.password)
    if (!admin) throw new HttpError(403, 'Setup already completed; an account already exists.')
    request.log.info(`first administrator ${admin.username} created`)
    return reply.code(201).send({ id: admin.id, username: admin.username })
  })
}
