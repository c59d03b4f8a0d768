import { api } from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LaunchHistoryRepository } from '../db/launch-history.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

/** Whose history: the signed-in user's, or everyone's (the empty name) when auth is off, as upstream v3 keeps it. */
const userOf = (request: FastifyRequest) => request.identity?.username ?? ''

/**
 * Upstream v3's launch history, at its paths: list (optionally one model's), record, delete. The platform also
 * records every successful launch itself (routes/models.ts), so "launch again" works from any browser.
 */
export async function launchHistoryRoutes(
  app: FastifyInstance,
  options: { history: LaunchHistoryRepository },
) {
  const { history } = options
  const ok = { status: 'ok' as const }

  serve(app, api.listLaunchHistory, (request) => history.list(userOf(request), request.query.model_name))
  serve(app, api.recordLaunch, (request) => {
    history.upsert(request.body, userOf(request))
    return ok
  })
  serve(app, api.deleteLaunchRecord, (request) => {
    const { model_name, model_uid } = request.params
    if (!history.delete(model_name, model_uid, userOf(request))) throw new HttpError(404, 'Record not found')
    return ok
  })
}
