import {
  api,
  clusterModelName,
  USAGE_MAX_DAYS,
  type Limits,
  type SubjectLimits,
  type SubjectType,
} from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { keyReaches } from '../../admin/auth/api-keys.js'
import { holds } from '../../admin/auth/authenticator.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'
import type { LimitStore } from './limit-store.js'
import type { Quota, Subject } from './quota.js'
import { limitsSet, subjectLimits, subjects, type SubjectStore } from './subjects.js'
import type { UsageStore } from './usage-store.js'

export interface QuotaRouteOptions {
  quota: Quota
  limits: LimitStore
  usage: UsageStore
  store: SubjectStore
  /** Why there are no users or keys to limit here. */
  reason: string
  /** A running model's type; undefined for a model not running. */
  modelTypeOf: (uid: string) => string | undefined
  /** Whether `cluster/uid` names a model a cluster held here runs now (docs/clusters.md); none by default. */
  runsOnCluster?: (model: string) => Promise<boolean>
  clock?: () => number
}

const DAY_MS = 86_400_000

/**
 * Limits and usage (docs/quotas.md): each subject's limits read and set at its own place (a user's and a key's
 * beside them in the administration, a model's beside it), the caller's own quota, and usage by step.
 */
export async function quotaRoutes(app: FastifyInstance, options: QuotaRouteOptions) {
  const { quota, limits, usage, modelTypeOf } = options
  const modelRuns = (uid: string) => modelTypeOf(uid) !== undefined
  const clock = options.clock ?? Date.now
  const store = () => {
    if (!options.store) throw new HttpError(400, options.reason)
    return options.store
  }

  const { user: userSubject, key: keySubject, model: modelSubject } = subjects(options.store)
  const answer = (type: SubjectType, id: string, subject: Subject): SubjectLimits =>
    subjectLimits(limits, quota, type, id, subject)
  const set = (type: SubjectType, id: string | number, subject: Subject, body: Limits) => {
    limits.set(type, id, body, clock())
    quota.limitsChanged(subject.key)
    return answer(type, String(id), subject)
  }

  /**
   * Nobody widens their own limits (docs/security.md): who is not an administrator changes neither their own, nor
   * an administrator's (v3's takeover guard), nor those of a key they own — a key acts as its owner.
   */
  const mayChangeUser = (request: FastifyRequest, id: number) => {
    if (request.admin) return
    if (request.identity?.userId === id)
      throw new HttpError(403, 'Only an administrator may change your own limits')
    if (options.store?.users.byId(id)?.permissions.includes('admin'))
      throw new HttpError(403, 'Non-admin cannot perform this action on an admin user')
  }
  const mayChangeKey = (request: FastifyRequest, id: number) => {
    const owner = options.store?.keys.byId(id)?.user_id
    if (request.admin || owner === null || owner === undefined) return
    if (request.identity?.userId === owner)
      throw new HttpError(403, 'Only an administrator may change the limits of your own API keys')
    if (options.store?.users.byId(owner)?.permissions.includes('admin'))
      throw new HttpError(403, "Non-admin cannot change the limits of an admin user's API keys")
  }

  const user = (id: number) => {
    store()
    const subject = userSubject(id)
    if (!subject) throw new HttpError(404, 'User not found')
    return subject
  }
  const key = (id: number) => {
    store()
    const subject = keySubject(id)
    if (!subject) throw new HttpError(404, 'API key not found')
    return subject
  }
  // A model here, or a cluster's as `cluster/uid` (its limits count whichever way a client names it).
  const model = async (uid: string) => {
    if (!modelRuns(uid) && !(await options.runsOnCluster?.(uid)))
      throw new HttpError(404, `Model not found in the model list, uid: ${uid}`)
    return modelSubject(uid)
  }

  serve(app, api.getUserLimits, (request) =>
    answer('user', String(request.params.user_id), user(request.params.user_id)),
  )
  serve(app, api.setUserLimits, (request) => {
    const subject = user(request.params.user_id)
    mayChangeUser(request, request.params.user_id)
    return set('user', request.params.user_id, subject, request.body)
  })
  serve(app, api.getKeyLimits, (request) =>
    answer('key', String(request.params.key_id), key(request.params.key_id)),
  )
  serve(app, api.setKeyLimits, (request) => {
    const subject = key(request.params.key_id)
    mayChangeKey(request, request.params.key_id)
    return set('key', request.params.key_id, subject, request.body)
  })
  serve(app, api.getModelLimits, async (request) =>
    answer('model', request.params.model_uid, await model(request.params.model_uid)),
  )
  serve(app, api.setModelLimits, async (request) =>
    set('model', request.params.model_uid, await model(request.params.model_uid), request.body),
  )

  serve(app, api.listLimits, () => ({ limits: limitsSet(limits, quota, options.store) }))

  serve(app, api.getQuota, (request) => {
    const identity = request.identity
    const ownUser = identity?.userId !== undefined ? userSubject(identity.userId) : undefined
    const ownKey = identity?.key ? keySubject(identity.key.id) : undefined
    // Only the models the caller reaches: a key kept to some models learns nothing of the others.
    const reaches = (uid: string) => {
      const type = modelTypeOf(uid)
      // A cluster's model (`cluster/uid`), whose type is its cluster's to know: reached by a key that names it.
      const known = type !== undefined || clusterModelName(uid) !== undefined
      return known && (!identity?.key || keyReaches(identity.key.permissions, { id: uid, type }))
    }
    const models = limits
      .subjects()
      .filter((subject) => subject.startsWith('model:'))
      .map((subject) => subject.slice('model:'.length))
      .filter(reaches)
      .map((uid) => answer('model', uid, modelSubject(uid)))
    return {
      user:
        ownUser && identity?.userId !== undefined ? answer('user', String(identity.userId), ownUser) : null,
      key: ownKey && identity?.key ? answer('key', String(identity.key.id), ownKey) : null,
      models,
    }
  })

  serve(app, api.getUsage, (request) => {
    const { since, until, step, key_id, model } = request.query
    const identity = request.identity
    // Whoever manages users sees everyone's; anyone else their own (nobody signed in: the server is open).
    const everyone = identity === null || holds(identity, 'users:manage')
    const end = until === undefined ? clock() : until * 1000
    if (end <= since * 1000) throw new HttpError(400, 'until must be after since')
    if (end - since * 1000 > USAGE_MAX_DAYS * DAY_MS)
      throw new HttpError(400, `since and until may be at most ${String(USAGE_MAX_DAYS)} days apart`)
    return usage.query({
      since: since * 1000,
      until: end,
      step,
      user: everyone ? request.query.user : identity.username,
      keyId: key_id,
      model,
      // A model's worker time is no one user's: answered to whoever sees everyone's, asking for no user or key.
      workers: everyone && request.query.user === undefined && key_id === undefined,
    })
  })
}
