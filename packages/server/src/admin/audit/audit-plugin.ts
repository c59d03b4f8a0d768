import { auditCategoryOf } from '@serving-console/contract'
import { tableEntry } from '../../http/table-entry.js'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuditLog, AuditTier } from './audit-log.js'
import { isConsolePath } from '../../http/console-static.js'
import { addressKey } from '../auth/address-key.js'
import { clientAddress } from '../../http/client-view.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The name a sign-in was tried with, for the trail (the body is never kept). */
    auditUser: string | null
    /** An API key that was refused (disabled, expired): no identity, but the trail names the key. */
    auditKey: { name: string; prefix: string } | null
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Refusals are recorded even for reads: who was turned away, from where. */
const REFUSALS = new Set([401, 403, 429])

function statusWord(request: FastifyRequest, code: number, category: string): string {
  if (request.auditStatus) return request.auditStatus
  if (code < 400) return 'success'
  if (code === 401) return category === 'auth' ? 'login_failed' : 'unauthorized'
  if (code === 403) return 'denied'
  return 'error'
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/**
 * The trail's tier of a request (audit-log.ts): inference is request noise; so is whatever was refused to nobody
 * in particular. Sign-ins, changes, and whatever a signed-in user was refused are security events.
 */
function tierOf(request: FastifyRequest, category: string, code: number): AuditTier {
  if (request.auditTier) return request.auditTier
  if (category === 'inference') return 'request'
  return request.identity || (!READS.has(request.method) && code < 400) ? 'security' : 'request'
}

/**
 * What makes repeated records one row: for refusals from nobody in particular, the address (by its /64 for IPv6)
 * and the outcome — a flood of them under fresh names or paths is still one row a minute; from a signed-in user or
 * key, also who, what and which model. Sign-ins and renewals, by who, from where and how they ended: a user signing
 * in or renewing in a loop adds a row a minute. The row keeps the first's details and counts the rest.
 */
function foldOf(
  request: FastifyRequest,
  record: { tier: string; status: string; user: string; category: string },
  code: number,
  model: string,
) {
  const parts = [record.tier, addressKey(clientAddress(request)), String(code), record.status]
  const who = request.identity
  const route = request.routeOptions.url ?? ''
  if (REFUSALS.has(code)) {
    if (who) parts.push(who.username, who.key?.prefix ?? '', request.method, route, model)
    // A refused key (disabled, expired) is one row of its own: the row names it.
    else if (request.auditKey) parts.push(request.auditKey.prefix)
  } else if (record.category === 'auth') {
    parts.push(record.user, request.method, route)
  } else {
    return undefined
  }
  return parts.join('\u0000')
}

/**
 * The audit trail: every sign-in (passed or failed), every request that changes something, and every refusal
 * (401, 403, 429), with who (user, or API key by name and prefix), from where, which model, the outcome and the
 * time taken; repeated refusals folded into one row with a count. Only names and outcomes are kept, never a
 * body: no password, key or prompt reaches the trail.
 */
export function installAudit(
  app: FastifyInstance,
  audit: AuditLog,
  modelOf: (uid: string) => { name: string; type: string } | undefined,
) {
  app.decorateRequest('auditUser', null)
  app.decorateRequest('auditKey', null)
  app.addHook('onResponse', (request, reply, done) => {
    const code = reply.statusCode
    const path = request.url.split('?', 1)[0] ?? ''
    const routeUrl = request.routeOptions.url
    if (routeUrl === undefined || isConsolePath(routeUrl)) return done()
    // The category is the route's entry's in the table (found by the registered route); `none` for the trail's
    // own routes, which read themselves without recording the reads.
    const category = tableEntry(request)?.audit ?? auditCategoryOf(request.method, path)
    if (category === 'none' || (READS.has(request.method) && !REFUSALS.has(code))) return done()
    const identity = request.identity
    const params = request.params as { model_uid?: unknown } | undefined
    const body = request.body as { model?: unknown; model_uid?: unknown; model_name?: unknown } | undefined
    const modelId = text(params?.model_uid) || text(body?.model) || text(body?.model_uid)
    const running = modelId ? modelOf(modelId) : undefined
    const tier = tierOf(request, category, code)
    const status = statusWord(request, code, category)
    const user = identity?.username ?? request.auditUser ?? ''
    const key = identity?.key ?? request.auditKey
    try {
      audit.record({
        tier,
        fold: foldOf(request, { tier, status, user, category }, code, modelId),
        category,
        auth_type: key ? 'api_key' : identity ? 'jwt' : 'none',
        user,
        api_key_name: key?.name ?? '',
        api_key_prefix: key?.prefix ?? '',
        model_id: modelId,
        model_name: running?.name ?? text(body?.model_name),
        model_type: running?.type ?? '',
        method: request.method,
        endpoint: path,
        status,
        http_status: code,
        latency_ms: reply.elapsedTime,
        client_ip: clientAddress(request),
      })
    } catch (error) {
      // The trail never fails a request that has been answered; the log says why it missed one.
      request.log.error({ err: error }, 'audit record failed')
    }
    done()
  })
}
