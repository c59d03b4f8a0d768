import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuditLog } from '../audit/audit-log.js'
import { isConsolePath } from '../auth/route-scopes.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The name a sign-in was tried with, for the trail (the body is never kept). */
    auditUser: string | null
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Refusals are recorded even for reads: who was turned away, from where. */
const REFUSALS = new Set([401, 403, 429])
const INFERENCE = /^\/(?:api\/)?v1\/(?:chat\/|completions|embeddings|rerank|images\/|audio\/)/
const AUTH = /^\/(?:token$|(?:api\/)?v1\/auth\/)/
/** The trail reads itself without recording the reads. */
const UNRECORDED = /^\/(?:api\/)?v1\/audit\//

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
 * The audit trail: every sign-in (passed or failed), every request that changes something, and every refusal
 * (401, 403, 429), with who (user, or API key by name and prefix), from where, which model, the outcome and the
 * time taken. Only names and outcomes are kept, never a body: no password, key or prompt reaches the trail.
 */
export function installAudit(
  app: FastifyInstance,
  audit: AuditLog,
  modelOf: (uid: string) => { name: string; type: string } | undefined,
) {
  app.decorateRequest('auditUser', null)
  app.addHook('onResponse', (request, reply, done) => {
    const code = reply.statusCode
    const path = request.url.split('?', 1)[0] ?? ''
    const routeUrl = request.routeOptions.url
    const recorded =
      routeUrl !== undefined &&
      !isConsolePath(routeUrl) &&
      !UNRECORDED.test(path) &&
      (!READS.has(request.method) || REFUSALS.has(code))
    if (!recorded) return done()
    const category = INFERENCE.test(path) ? 'inference' : AUTH.test(path) ? 'auth' : 'admin'
    const identity = request.identity
    const params = request.params as { model_uid?: unknown } | undefined
    const body = request.body as { model?: unknown; model_uid?: unknown; model_name?: unknown } | undefined
    const modelId = text(params?.model_uid) || text(body?.model) || text(body?.model_uid)
    const running = modelId ? modelOf(modelId) : undefined
    try {
      audit.record({
        category,
        auth_type: identity?.key ? 'api_key' : identity ? 'jwt' : 'none',
        user: identity?.username ?? request.auditUser ?? '',
        api_key_name: identity?.key?.name ?? '',
        api_key_prefix: identity?.key?.prefix ?? '',
        model_id: modelId,
        model_name: running?.name ?? text(body?.model_name),
        model_type: running?.type ?? '',
        method: request.method,
        endpoint: path,
        status: statusWord(request, code, category),
        http_status: code,
        latency_ms: reply.elapsedTime,
        client_ip: request.ip,
      })
    } catch (error) {
      // The trail never fails a request that has been answered; the log says why it missed one.
      request.log.error({ err: error }, 'audit record failed')
    }
    done()
  })
}
