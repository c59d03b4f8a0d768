import type { FastifyError, FastifyInstance } from 'fastify'
import { ZodError } from 'zod'
import { HttpError } from '../http-error.js'

type RequestValidationError = ZodError & { validationContext?: string }

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
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail })
    }
    // Our zod validator compiler hands Fastify the ZodError itself, tagged with the request part.
    if (error instanceof ZodError) {
      return reply.code(422).send({ detail: validationDetail(error) })
    }
    const status = 'statusCode' in error ? error.statusCode : undefined
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ detail: `Internal server error (request ${request.id})` })
  })

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }))
}
