import {
  ALERT_MAX_CHANNELS,
  ALERT_MAX_RULES,
  api,
  MODEL_ALERT_KINDS,
  type AlertRule,
  type AlertRuleInput,
  type ChannelInput,
  type Route,
} from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../../http/http-error.js'
import { serve, type RouteHandler } from '../../http/serve.js'
import type { Alerting } from './alerting.js'
import type { AlertStore, StoredRule } from './alert-store.js'
import { urlProblem } from './delivery.js'

export interface AlertRouteOptions {
  store: AlertStore
  alerting: Alerting
  clock?: () => number
  /**
   * Who is asking, once they may: on the platform its access hook has checked the admin scope already; a gateway
   * asks its cluster (`gateway/cluster-admin.ts`). Throws the 401/403 otherwise.
   */
  admit?: (request: FastifyRequest) => Promise<{ by: string | null }>
  /** Registers a route: `serve` on the platform; a gateway's own, which passes through to a platform upstream. */
  register?: <R extends Route>(route: R, handler: RouteHandler<R>) => void
}

/** What the schema cannot say: a server-wide kind names no model. */
function checkedRule(rule: AlertRuleInput): AlertRuleInput {
  if (rule.model !== null && !MODEL_ALERT_KINDS.includes(rule.kind))
    throw new HttpError(422, `model: a ${rule.kind} rule watches the server itself, not a model (send null)`)
  return rule
}

function checkedChannel(channel: ChannelInput): ChannelInput {
  const email = channel.kind === 'email'
  const problem = urlProblem(channel.url, email)
  if (problem) throw new HttpError(422, problem)
  if (channel.kind === 'slack' && channel.secret)
    throw new HttpError(422, 'secret: a Slack URL is its own secret; only webhooks sign and e-mail signs in')
  if (email && !channel.email)
    throw new HttpError(422, 'email: an e-mail channel needs from, to and username')
  if (!email && channel.email) throw new HttpError(422, 'email: only an e-mail channel takes it')
  return channel
}

/** Alert rules, channels and the inbox (docs/alerts.md): an administrator's. */
export async function alertRoutes(app: FastifyInstance, options: AlertRouteOptions) {
  const { store, alerting } = options
  const clock = options.clock ?? Date.now
  const admit =
    options.admit ??
    ((request: FastifyRequest) => Promise.resolve({ by: request.identity?.username ?? null }))
  const register = options.register ?? ((route, handler) => serve(app, route, handler))
  /** Serves `route` to whoever `admit` lets in, saying who they are. */
  const serveAdmitted = <R extends Route>(
    route: R,
    handler: (
      request: Parameters<RouteHandler<R>>[0],
      reply: Parameters<RouteHandler<R>>[1],
      by: string | null,
    ) => unknown,
  ) =>
    register(route, (async (request, reply) => {
      const { by } = await admit(request)
      return handler(request, reply, by)
    }) as RouteHandler<R>)
  /** A rule with whether this server has its figure (docs/alerts.md). */
  const answered = (rule: StoredRule): AlertRule => {
    const reason = alerting.unavailableReason(rule)
    return { ...rule, available: reason === null, unavailable_reason: reason }
  }
  const channel = (id: number) => {
    const found = store.channelOf(id)
    if (!found) throw new HttpError(404, 'Alert channel not found')
    return found
  }

  serveAdmitted(api.listAlertRules, () => ({ rules: store.rules().map(answered) }))
  serveAdmitted(api.createAlertRule, async (request, reply) => {
    const rule = checkedRule(request.body)
    if (store.count('alert_rules') >= ALERT_MAX_RULES)
      throw new HttpError(400, `At most ${String(ALERT_MAX_RULES)} alert rules: remove one first`)
    return reply.code(201).send(answered(store.addRule(rule)))
  })
  serveAdmitted(api.updateAlertRule, (request) => {
    const rule = store.setRule(request.params.rule_id, checkedRule(request.body))
    if (!rule) throw new HttpError(404, 'Alert rule not found')
    return answered(rule)
  })
  serveAdmitted(api.deleteAlertRule, (request) => {
    if (!store.removeRule(request.params.rule_id)) throw new HttpError(404, 'Alert rule not found')
    return { ok: true }
  })

  serveAdmitted(api.listAlertChannels, () => ({
    channels: store.channels().flatMap((one) => store.channelOf(one.id) ?? []),
  }))
  serveAdmitted(api.createAlertChannel, async (request, reply) => {
    const input = checkedChannel(request.body)
    if (store.count('alert_channels') >= ALERT_MAX_CHANNELS)
      throw new HttpError(400, `At most ${String(ALERT_MAX_CHANNELS)} alert channels: remove one first`)
    return reply.code(201).send(channel(store.addChannel(input).id))
  })
  serveAdmitted(api.updateAlertChannel, (request) => {
    const changed = store.setChannel(request.params.channel_id, checkedChannel(request.body))
    if (!changed) throw new HttpError(404, 'Alert channel not found')
    return channel(changed.id)
  })
  serveAdmitted(api.deleteAlertChannel, (request) => {
    if (!store.removeChannel(request.params.channel_id)) throw new HttpError(404, 'Alert channel not found')
    return { ok: true }
  })
  serveAdmitted(api.testAlertChannel, async (request) => {
    const outcome = await alerting.test(request.params.channel_id)
    if (!outcome) throw new HttpError(404, 'Alert channel not found')
    return outcome
  })

  serveAdmitted(api.listAlerts, (request) => {
    const now = clock() / 1000
    const alerts = store.list(request.query.state ?? 'all')
    const unacknowledged = store
      .firing()
      .filter(
        (alert) =>
          alert.acknowledged_by === null && !(alert.silenced_until !== null && alert.silenced_until > now),
      ).length
    return { alerts, unacknowledged }
  })
  serveAdmitted(api.acknowledgeAlert, (request, _reply, by) => {
    const alert = store.acknowledge(request.params.alert_id, by ?? 'admin')
    if (!alert) throw new HttpError(404, 'Alert not found')
    return alert
  })
  serveAdmitted(api.silenceAlert, (request) => {
    const alert = store.silence(request.params.alert_id, clock() + request.body.seconds * 1000)
    if (!alert) throw new HttpError(404, 'Alert not found')
    return alert
  })
}
