import { clusterModelName } from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { tableEntry } from '../../http/table-entry.js'
import type { Served } from '../runtime/model-usage.js'
import type { RequestOutcome } from '../runtime/request-outcome.js'
import type { Quota, Subject, Ticket } from './quota.js'
import { subjectKey } from './limit-store.js'
import type { UsageMetrics } from './usage-metrics.js'
import type { UsageStore } from './usage-store.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** An inference request's place in its user's, key's and model's counters (quota/quota.ts). */
    quotaTicket: Ticket | null
  }
}

/** Header values are Latin-1: a name outside it is written with `?` (the text is for people; the API has it whole). */
const headerText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?')

/** The subjects a request is counted against: its user (the store's), its key, its model (here or on a cluster). */
export function subjectsOf(request: FastifyRequest, modelRuns: (uid: string) => boolean): Subject[] {
  const subjects: Subject[] = []
  const identity = request.identity
  if (identity?.userId !== undefined)
    subjects.push({
      key: subjectKey('user', identity.userId),
      label: `user ${identity.username}`,
      usage: { user_id: identity.userId },
    })
  if (identity?.key)
    subjects.push({
      key: subjectKey('key', identity.key.id),
      label: `key "${identity.key.name}" (${identity.key.prefix}…)`,
      usage: { key_id: identity.key.id },
    })
  const model = modelLimited(request, modelRuns)
  if (model !== undefined)
    subjects.push({ key: subjectKey('model', model), label: `model ${model}`, usage: { model } })
  return subjects
}

/**
 * The model a request counts against and is kept under: this platform's, as named; a cluster's, as `cluster/uid`
 * (its figures beside this platform's), whichever way the client named it: located before the limits
 * (clusters/model-routing.ts), or sent to the cluster's own routes (`/clusters/{name}/v1/…`).
 */
function modelLimited(request: FastifyRequest, modelRuns: (uid: string) => boolean): string | undefined {
  const named = (request.body as { model?: unknown } | undefined)?.model
  if (typeof named !== 'string') return undefined
  if (request.cluster) return `${request.cluster.name}/${request.clusterUid ?? named}`
  return modelRuns(named) ? named : undefined
}

/** The model a request's use is kept under: the one it counts against, else none for a model nowhere. */
function modelCounted(
  request: FastifyRequest,
  modelRuns: (uid: string) => boolean,
  listedOnCluster: (model: string) => boolean,
): string | undefined {
  const counted = modelLimited(request, modelRuns)
  if (counted !== undefined) return counted
  // Not located now (its cluster away): a model named `cluster/uid` that its cluster listed when last read.
  const named = (request.body as { model?: unknown } | undefined)?.model
  return typeof named === 'string' && clusterModelName(named) && listedOnCluster(named) ? named : undefined
}

/** What a cluster's answer told of its tokens, once it has ended whole (clusters/answer-usage.ts). */
const answeredOnCluster = (request: FastifyRequest) => request.clusterUsage?.usage() ?? undefined

/**
 * Limits on every inference route (the table's `inference` entries, whatever the platform adds): before a route's
 * handler, the request is counted in or refused (429, Retry-After); when it ends, its tokens are settled and its
 * use written to the usage table, once: from the model's outcome where the model took it, else from the answer.
 */
export function installQuotas(
  app: FastifyInstance,
  parts: {
    quota: Quota
    usage: UsageStore
    metrics: UsageMetrics
    modelRuns: (uid: string) => boolean
    /** Told of each request to a running model refused with a 429 (a limit, a full line): its alert figure. */
    refused?: (model: string, at: number) => void
    /** Told of each request a cluster's model answered (its status, tokens and timings): its alert figures. */
    servedOnCluster?: (model: string, served: Served) => void
    /** Whether a cluster held here lists `cluster/uid`, as it was last read (docs/clusters.md); none by default. */
    listedOnCluster?: (model: string) => boolean
    clock?: () => number
  },
) {
  const { quota, usage, metrics, modelRuns, refused: told, servedOnCluster } = parts
  const listedOnCluster = parts.listedOnCluster ?? (() => false)
  const clock = parts.clock ?? Date.now
  app.decorateRequest('quotaTicket', null)

  const record = (
    request: FastifyRequest,
    figures: { refused?: boolean; outcome?: RequestOutcome; status?: number; elapsedMs?: number },
  ) => {
    const model = modelCounted(request, modelRuns, listedOnCluster)
    if (model === undefined) return
    const { outcome } = figures
    // A cluster's model tells no outcome here: its answer's status says whether it served, and its body its
    // tokens where it tells them (docs/clusters.md).
    const answered = outcome ?? answeredOnCluster(request)
    const refused = figures.refused ?? false
    if (refused || (!outcome && figures.status === 429)) told?.(model, clock())
    metrics.record(
      { user: request.identity?.username ?? '', key: request.identity?.key?.prefix ?? '', model },
      { refused, prompt: answered?.inputTokens ?? 0, generated: answered?.outputTokens ?? 0 },
    )
    const at = clock()
    const ok = outcome ? outcome.ok : request.cluster !== null && (figures.status ?? 500) < 400
    const served = {
      at,
      ok,
      inputTokens: answered?.inputTokens ?? 0,
      outputTokens: answered?.outputTokens ?? 0,
      firstTokenMs: answered?.firstTokenMs ?? null,
      // An answer that told nothing (the cluster not reached): the time this server took to say so.
      durationMs: answered?.durationMs ?? Math.round(figures.elapsedMs ?? 0),
    }
    // A cluster's model's alert figures: a 429 is a refusal (told above), a request it found wrong (another 4xx)
    // no error of the model, as a model here is not told of a body it never took.
    const status = figures.status ?? 500
    const clientError = !outcome && status >= 400 && status < 500
    if (request.cluster && !refused && !clientError) servedOnCluster?.(model, served)
    usage.record({
      at,
      user: request.identity?.username ?? '',
      userId: request.identity?.userId ?? 0,
      keyId: request.identity?.key?.id ?? 0,
      model,
      refused,
      ok,
      promptTokens: served.inputTokens,
      generatedTokens: served.outputTokens,
      firstTokenMs: served.firstTokenMs,
      durationMs: served.durationMs,
    })
  }

  app.addHook('preHandler', (request, reply, done) => {
    if (tableEntry(request)?.audit !== 'inference') return done()
    let ticket: Ticket
    try {
      ticket = quota.admit(subjectsOf(request, modelRuns))
    } catch (error) {
      try {
        record(request, { refused: true })
      } catch (failure) {
        request.log.error({ err: failure }, 'usage record failed')
      }
      request.auditStatus = 'limited'
      return done(error as Error)
    }
    request.quotaTicket = ticket
    if (ticket.warnings.length > 0)
      reply.raw.setHeader('x-quota-warning', headerText(ticket.warnings.join('; ')))
    let ended = false
    const end = (figures: { outcome?: RequestOutcome; status?: number }) => {
      if (ended) return
      ended = true
      ticket.release()
      const answered = figures.outcome ?? answeredOnCluster(request)
      if (answered) ticket.settle(answered.inputTokens + answered.outputTokens)
      try {
        record(request, { ...figures, elapsedMs: reply.elapsedTime })
      } catch (failure) {
        // The usage table never fails a request that has been answered; the log says why it missed one.
        request.log.error({ err: failure }, 'usage record failed')
      }
    }
    ticket.onOutcome = (outcome) => end({ outcome })
    // Once answered (or its client gone): a request the model never took ends here; one it took ends with its
    // outcome, which the model always tells.
    reply.raw.once('close', () => {
      if (!ticket.modelTook) end({ status: reply.statusCode })
    })
    done()
  })
}
