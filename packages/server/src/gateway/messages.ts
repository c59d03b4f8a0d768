import { api, href, upstreamPath, type Route } from '@serving-console/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../http/http-error.js'
import { serve } from '../http/serve.js'
import { messagesErrorHandler } from '../platform/routes/messages-errors.js'
import type { UpstreamProfile } from './profile.js'
import type { PartsOf } from './routes.js'

/**
 * Where Xinference serves Anthropic's Messages API: `/anthropic/v1/messages` from 1.10 on (where the cluster has
 * the `anthropic` package installed), which every later release keeps; `/v1/messages` came after 3.2.1 beside it.
 */
const SINCE: readonly [major: number, minor: number] = [1, 10]
// Upstream's own route, which this server does not serve (so no table entry): written here once.
const UPSTREAM_PATH = '/anthropic/v1/messages'

const servesMessages = (version: string) => {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0)
  return major > SINCE[0] || (major === SINCE[0] && minor >= SINCE[1])
}

/**
 * Where a cluster serves the Messages API: another platform at SPEC's upstream path, Xinference from 1.10 on at
 * its own; an older one says it has none, in Anthropic's error shape where the route's error handler writes it.
 */
export function messagesPathOn(profile: UpstreamProfile): string {
  if (profile.kind === 'serving-console') return upstreamPath(href(api.createMessage))
  if (!servesMessages(profile.version)) {
    throw new HttpError(
      404,
      `Xinference ${profile.version} does not serve Anthropic's Messages API (it came in 1.10); ` +
        'use /v1/chat/completions',
    )
  }
  return UPSTREAM_PATH
}

/**
 * Anthropic's clients send the key as `x-api-key`, which Xinference before 3.2.1's successor does not read: it
 * goes on as the bearer token the cluster checks (as the platform reads it: docs/platform.md).
 */
function bearerFromApiKey(request: FastifyRequest) {
  const key = request.headers['x-api-key']
  if (request.headers.authorization || typeof key !== 'string' || key.trim() === '') return
  request.headers.authorization = `Bearer ${key.trim()}`
}

/**
 * The Messages API through the gateway, at SPEC's path and at upstream's `/v1/messages` (Anthropic's clients
 * call that one): passed through to another platform, forwarded to where Xinference serves it, and refused in
 * Anthropic's error shape by a cluster too old to have it.
 */
export function gatewayMessages(app: FastifyInstance, partsOf: PartsOf) {
  const { answers: _answers, ...entry } = api.createMessage
  const relayed: Omit<typeof api.createMessage, 'answers'> & Route = entry
  serve(
    app,
    relayed,
    async (request, reply) => {
      bearerFromApiKey(request)
      const parts = partsOf(request)
      const profile = await parts.profiles.detect(request.headers.authorization)
      return parts.forward(request, reply, messagesPathOn(profile))
    },
    { errorHandler: messagesErrorHandler },
  )
}
