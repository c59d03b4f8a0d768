import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import { HttpError } from './http-error.js'

type RequestValidationError = z.core.$ZodError & { validationContext?: string }

/** `type/subtype` and parameters, as RFC 9110 §8.3.1 spells a media type. */
const MEDIA_TYPE = /^[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+\s*(;.*)?$/

function validationDetail(error: RequestValidationError) {
  const part = error.validationContext ?? 'body'
  return error.issues.map((issue) => ({
    loc: [part, ...issue.path.map(String)],
    msg: issue.message,
    type: issue.code,
  }))
}

/**
 * One error model for every route, as upstream's FastAPI: `{detail}` with the right status; request validation
 * → 422 with a list detail; anything unknown → 500 with the request id, never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | RequestValidationError, request, reply) => {
    // Refused before its body was read (a bad path, a failed forward): the rest of the body has nowhere to go, so
    // the connection ends with this answer rather than wait for it.
    if (!request.raw.complete) reply.header('connection', 'close')
    if (error instanceof HttpError) {
      const detail = error.adminDetail !== undefined && request.admin ? error.adminDetail : error.detail
      return reply.code(error.statusCode).headers(error.headers).send({ detail })
    }
    // Our zod validator compiler hands Fastify the ZodError itself, tagged with the request part.
    if (error instanceof z.core.$ZodError) {
      return reply.code(422).send({ detail: validationDetail(error) })
    }
    const status = 'statusCode' in error ? error.statusCode : undefined
    if ('code' in error && error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      // Fastify says the same of a type nobody reads here and of a header that names no type at all.
      const type = request.headers['content-type']
      const detail =
        type === undefined || MEDIA_TYPE.test(type)
          ? 'Send the body as JSON (Content-Type: application/json)'
          : 'The Content-Type header names no media type (type/subtype)'
      return reply.code(415).send({ detail })
    }
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ detail: `Internal server error (request ${request.id})` })
  })

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }))
}

/**
 * A whole HTTP answer written by hand, `{detail}` as every answer: for sockets Fastify never handled (requests
 * Node's parser refused, WebSocket upgrades). The connection closes after it.
 */
export function rawAnswer(status: number, detail: string, extraHeaders: readonly string[] = []): string {
  const body = JSON.stringify({ detail })
  return [
    `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}`,
    'content-type: application/json',
    `content-length: ${String(Buffer.byteLength(body))}`,
    'connection: close',
    ...extraHeaders,
    '',
    body,
  ].join('\r\n')
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (malformed, headers too large) also get a
 * `{detail}` body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request']
  socket.end(rawAnswer(status, reason))
}

/** Errors the router raises before a route is found (a malformed URL, a path segment over the limit). */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply.code(error.statusCode ?? 400).send({ detail: error.message })
}
