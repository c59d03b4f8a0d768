import { clusterPath, href, type ParamNames, type PathValues, type Route } from '@serving-console/contract'
import {
  mutationOptions,
  type DataTag,
  type MutationFunctionContext,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { api, type RequestOptions } from './api-client'

/*
 * One way to call the API from an entry of the contract's route table: the URL, the answer's schema and the query
 * key all come from the entry, so a route is written once (docs/architecture.md). Modelled on Sentry's `apiOptions`
 * (query options keyed by the route) and on invalidation as data (the routes a change makes stale).
 */

/** What a route answers on success: its success schema's type (the lowest status it lists), else nothing known. */
export type AnswerOf<R extends Route> = R extends { answers: infer A }
  ? A extends Readonly<Record<number, z.ZodMiniType>>
    ? z.output<A[keyof A]>
    : unknown
  : unknown

/** The values of a route's `:params`; nothing for a route without any. */
export type ParamsOf<R extends Route> =
  ParamNames<R['path']> extends never ? Record<string, never> | undefined : PathValues<R['path']>

/** A URL's query: its defined values in the order given, or a query string built elsewhere. */
export type QueryOf =
  Readonly<Record<string, string | number | boolean | undefined | null>> | string | undefined

/** A route's URL relative to the API base (the contract's `href`, for a route known only by its type). */
export const urlOf = <R extends Route>(route: R, params: ParamsOf<R>, query?: QueryOf): string =>
  (href as (route: Route, params?: object, query?: QueryOf) => string)(route, params ?? undefined, query)

/**
 * A route's URL on a cluster this server holds (`clusters/{name}/…`, docs/clusters.md), or on this server itself
 * without one: every screen that works with a cluster's models asks through the same routes.
 */
export const onCluster = (cluster: string | undefined, url: string): string =>
  cluster === undefined ? url : clusterPath(cluster, url)

/** The schema of what a route answers on success (the lowest status it lists); none for a page or a stream. */
export function answerSchema<R extends Route, T = AnswerOf<R>>(route: R): z.ZodMiniType<T> | undefined {
  const statuses = Object.keys(route.answers ?? {})
    .map(Number)
    .sort((a, b) => a - b)
  const status = statuses.find((code) => code >= 200 && code < 300)
  return status === undefined ? undefined : (route.answers?.[status] as z.ZodMiniType<T>)
}

/**
 * Every query of a route, whatever its arguments: the prefix of their keys. (A query that composes several routes
 * is not under it: `invalidateRoutes` finds those too.)
 */
export const routeKey = (route: Pick<Route, 'path'>) => [route.path] as const

/**
 * The key of one read of a route: its path, then its params and query as given, then whatever else the answer
 * depends on (`also`: the token it was read with). Equal arguments give equal keys, so every screen that reads the
 * same URL shares one cache entry.
 */
export const apiKey = <R extends Route>(
  route: R,
  params?: ParamsOf<R>,
  query?: QueryOf,
  ...also: readonly unknown[]
): readonly unknown[] => [route.path, params ?? {}, query ?? {}, ...also]

/**
 * The key of a query that composes several routes (a list, then each entry's detail): the paths it reads, then
 * its arguments. A change to any of those routes makes it stale.
 */
export const composedKey = (routes: readonly Pick<Route, 'path'>[], ...args: readonly unknown[]) =>
  [routes.map((route) => route.path), ...args] as const

/** The route paths a query key reads: one for `apiKey`, several for `composedKey`, none for a key of neither. */
export function pathsRead(queryKey: QueryKey): readonly string[] {
  const [head] = queryKey
  if (typeof head === 'string') return [head]
  return Array.isArray(head) && head.every((path) => typeof path === 'string') ? head : []
}

/** Marks stale (and refetches where shown) every query that reads one of `routes`. */
export function invalidateRoutes(queryClient: QueryClient, routes: readonly Pick<Route, 'path'>[]) {
  const stale = new Set(routes.map((route) => route.path))
  return queryClient.invalidateQueries({
    predicate: (query) => pathsRead(query.queryKey).some((path) => stale.has(path)),
  })
}

/**
 * `GET route` through the API client, its answer checked against the route's schema (or `schema`): for a query that
 * composes several calls, or does more with the answer than keep it.
 */
export function getRoute<R extends Route, T = AnswerOf<R>>(
  route: R,
  params: ParamsOf<R>,
  query: QueryOf,
  options: Omit<RequestOptions<T>, 'body' | 'schema'> & { schema?: z.ZodMiniType<T>; cluster?: string } = {},
): Promise<T> {
  const { schema = answerSchema<R, T>(route), cluster, ...rest } = options
  return api.get<T>(onCluster(cluster, urlOf(route, params, query)), { ...rest, schema })
}

/** The options `apiQuery` makes: TanStack's, their key tagged with the answer's type (`getQueryData` knows it). */
export type ApiQuery<TAnswer, TData> = UseQueryOptions<TAnswer, Error, TData> & {
  queryKey: DataTag<readonly unknown[], TAnswer, Error>
}

/** How a query's request is sent, beside its URL and schema. */
type QueryRequest<T> = Pick<RequestOptions<T>, 'reportAuthStatus' | 'onHead'>

export type ApiQueryOptions<TAnswer, TData> = Omit<
  UseQueryOptions<NoInfer<TAnswer>, Error, NoInfer<TData>>,
  'queryKey' | 'queryFn' | 'select'
> & {
  /** What the screens are given of the answer (the cache keeps the answer as it came). */
  select?: (answer: NoInfer<TAnswer>) => TData
  /** What the answer depends on beside its URL (the token it was read with): added to the key. */
  also?: readonly unknown[]
  /** The cluster held by this server to ask (its routes under `clusters/{name}`); this server without one. */
  cluster?: string
  /** How the request is sent (`reportAuthStatus: false` where its 401/403 is not the user's session's). */
  request?: QueryRequest<TAnswer> | ((client: QueryClient, queryKey: QueryKey) => QueryRequest<TAnswer>)
}

/**
 * TanStack query options for `GET route` with its params and query: keyed by `apiKey`, fetched through the API
 * client and checked against the route's answer schema. `options` carries the rest (meta, refetch interval,
 * select, staleTime…).
 */
export function apiQuery<R extends Route, TAnswer = AnswerOf<R>, TData = TAnswer>(
  route: R,
  params: ParamsOf<R>,
  query?: QueryOf,
  {
    also = [],
    request,
    schema = answerSchema(route),
    cluster,
    ...options
  }: ApiQueryOptions<TAnswer, TData> & {
    /** The answer's schema where the route lists none that fits every call (names, or every registration). */
    schema?: z.ZodMiniType<TAnswer>
  } = {},
): ApiQuery<NoInfer<TAnswer>, NoInfer<TData>> {
  return {
    ...(options as Omit<UseQueryOptions<TAnswer, Error, TData>, 'queryKey' | 'queryFn'>),
    queryKey: apiKey(
      route,
      params,
      query,
      ...also,
      ...(cluster === undefined ? [] : [{ cluster }]),
    ) as DataTag<readonly unknown[], TAnswer, Error>,
    queryFn: ({ signal, client, queryKey }) =>
      getRoute(route, params, query, {
        ...(typeof request === 'function' ? request(client, queryKey) : request),
        schema,
        signal,
        cluster,
      }),
  }
}

/** The parts of one call that its variables decide. */
export interface CallParts<R extends Route> {
  params: ParamsOf<R>
  query?: QueryOf
  body?: unknown
  /** The cluster held by this server to send it to (`onCluster`). */
  cluster?: string | undefined
}

export type ApiMutationOptions<R extends Route, TVariables> = Omit<
  UseMutationOptions<AnswerOf<R>, Error, TVariables>,
  'mutationFn'
> & {
  /** The call's params, query and body, from what `mutate` is given. */
  send: (variables: TVariables) => CallParts<R>
  /** The routes whose queries this change makes stale: read again once it succeeded (the change awaits them). */
  invalidates?: readonly Pick<Route, 'path'>[]
  /** Read them again after a failure too (a refused change leaves the list as the server has it). */
  alsoOnFailure?: true
  /** How the request is sent (`forbiddenShownHere` where the screen says the 403 itself). */
  request?: Pick<RequestOptions<AnswerOf<R>>, 'reportAuthStatus' | 'forbiddenShownHere'>
  /** The answer is taken as it comes: servers differ in what they answer here, and nothing reads it. */
  unchecked?: true
}

/**
 * Sends one call of `route` (any method) through the API client, its answer checked against the route's schema
 * unless `unchecked`: what `apiMutation` sends, for a change made of several calls.
 */
export function sendRoute<R extends Route>(
  route: R,
  { params, query, body, cluster }: CallParts<R>,
  { unchecked, ...request }: ApiMutationOptions<R, unknown>['request'] & { unchecked?: true } = {},
): Promise<AnswerOf<R>> {
  const schema = unchecked ? undefined : answerSchema(route)
  const url = onCluster(cluster, urlOf(route, params, query))
  return api.request<AnswerOf<R>>(route.method, url, { ...request, schema, body })
}

/**
 * TanStack mutation options for `route`: the call sent through the API client, its answer checked, and the
 * queries of the routes it `invalidates` read again afterwards (the change stays pending until they are).
 */
export function apiMutation<R extends Route, TVariables = void>(
  route: R,
  {
    send,
    invalidates = [],
    alsoOnFailure,
    request,
    unchecked,
    ...options
  }: ApiMutationOptions<R, TVariables>,
) {
  const refresh = (context: MutationFunctionContext) =>
    invalidates.length > 0 ? invalidateRoutes(context.client, invalidates) : undefined
  return mutationOptions<AnswerOf<R>, Error, TVariables>({
    ...options,
    mutationFn: (variables) => sendRoute(route, send(variables), { ...request, unchecked }),
    onSuccess: async (...args) => {
      if (!alsoOnFailure) await refresh(args[3])
      await options.onSuccess?.(...args)
    },
    onSettled: async (...args) => {
      if (alsoOnFailure) await refresh(args[4])
      await options.onSettled?.(...args)
    },
  })
}
