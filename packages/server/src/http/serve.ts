import { servedPaths, type Route } from '@serving-console/contract'
import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify'
import type { ZodTypeProvider } from './zod-type-provider.js'

/*
 * Every API route is registered here, from its entry in the contract's route table: the entry alone says the
 * method, the paths (SPEC's and upstream's `/v1` alias), the schemas Fastify validates with and the handler's
 * types. Access and audit find the same entry by the registered route (`routeOfRegistered`). A route is then
 * written once, in the table, and never again by hand here.
 */

/** The Fastify schema a table entry carries: `query` is Fastify's `querystring`, `answers` its `response`. */
export interface RouteSchema<R extends Route> {
  params: R extends { params: infer P } ? P : undefined
  querystring: R extends { query: infer Q } ? Q : undefined
  body: R extends { body: infer B } ? B : undefined
  response: R extends { answers: infer A } ? A : undefined
}

/** Fastify's options for a route typed from the entry's schemas (through the zod type provider), handler included. */
type TypedRouteOptions<R extends Route> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  RouteSchema<R>,
  ZodTypeProvider
>

/** A handler typed from the entry's schemas: parsed params, query and body in, an answer of the entry's shape out. */
export type RouteHandler<R extends Route> = TypedRouteOptions<R>['handler']

/**
 * What a few routes need beyond the table: a body limit, their own hooks, a timeout; and `specPathOnly` for the
 * gateway's translations, whose upstream `/v1` path stays upstream's (forwarded as it is).
 */
export type RouteExtra<R extends Route> = { specPathOnly?: true } & Omit<
  TypedRouteOptions<R>,
  'schema' | 'handler'
>

/** Registers `handler` for the table entry `route` at each of its served paths. */
export function serve<R extends Route>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  extra: RouteExtra<R> = {},
): void {
  const { specPathOnly, ...options } = extra
  const schema = {
    ...(route.params && { params: route.params }),
    ...(route.query && { querystring: route.query }),
    ...(route.body && { body: route.body }),
    ...(route.answers && { response: route.answers }),
  } as RouteSchema<R>
  for (const url of specPathOnly ? [route.path] : servedPaths(route)) {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...options,
      method: route.method,
      url,
      schema,
      handler,
    })
  }
}
