import type { MessagesError, MessagesErrorType } from '@serving-console/contract'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import { HttpError } from '../../http/http-error.js'

/** Anthropic's error type for each status (docs.anthropic.com, "Errors"); anything else is an `api_error`. */
const TYPES: Readonly<Record<number, MessagesErrorType>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'invalid_request_error',
  415: 'invalid_request_error',
  422: 'invalid_request_error',
  429: 'rate_limit_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
}

export function messagesError(status: number, message: string): MessagesError {
  return { type: 'error', error: { type: TYPES[status] ?? 'api_error', message } }
}

/** A zod issue list as one line: `messages.0.content: Invalid input; max_tokens: Required`. */
function issuesText(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`)
    .join('; ')
}

/**
 * The Messages route's error handler: the same statuses and headers (Retry-After, WWW-Authenticate) as every
 * route, in Anthropic's `{type:'error', error:{type, message}}` instead of `{detail}`, so that Anthropic's
 * clients raise their own typed errors. Validation fails with 400 there, as Anthropic answers a bad body.
 */
export function messagesErrorHandler(
  error: FastifyError | HttpError | z.core.$ZodError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (!request.raw.complete) reply.header('connection', 'close')
  const [status, message, headers] = answerOf(error, request)
  if (status === 500) request.log.error({ err: error }, 'unhandled error')
  void reply.code(status).headers(headers).send(messagesError(status, message))
}

/** The status, message and headers of an error, as the `{detail}` handler (http/error-handler.ts) decides them. */
function answerOf(
  error: FastifyError | HttpError | z.core.$ZodError,
  request: FastifyRequest,
): [number, string, Record<string, string>] {
  if (error instanceof HttpError) {
    const detail = error.adminDetail !== undefined && request.admin ? error.adminDetail : error.detail
    return [error.statusCode, detail, error.headers]
  }
  if (error instanceof z.core.$ZodError) return [400, issuesText(error), {}]
  const status = 'statusCode' in error ? error.statusCode : undefined
  if (status && status >= 400 && status < 500) return [status, error.message, {}]
  return [500, `Internal server error (request ${request.id})`, {}]
}
