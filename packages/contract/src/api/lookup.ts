import { apiRoutes } from './areas.js'
import { servedPaths, type Route } from './route.js'

/** `GET /api/v1/models`: how a route is named in logs, tests and docs/routes.md. */
export const routeName = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`

/** A pattern's segments, literal or `:param`, and how many are literal (the more, the more specific). */
interface Pattern {
  route: Route
  segments: string[]
  literal: number
}
let patterns: Pattern[] | undefined
/** The table's patterns, made on first use (a module that only imports this file pays nothing). */
const PATTERNS = (): Pattern[] =>
  (patterns ??= apiRoutes.map((route) => {
    const segments = route.path.split('/')
    return { route, segments, literal: segments.filter((part) => !part.startsWith(':')).length }
  }))

/** HEAD is answered as GET (Fastify serves a GET route's HEAD too). */
const methodOf = (method: string) => (method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase())

/**
 * The table's entry for a request as sent (`DELETE /api/v1/models/my-llm?x=1`), at its SPEC path or upstream's
 * `/v1` one: the most specific pattern it fits (`/api/v1/models/launches` before `/api/v1/models/:model_uid`);
 * undefined when none does.
 */
export function routeOfRequest(method: string, url: string): Route | undefined {
  const path = (url.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '') || '/'
  const asked = methodOf(method)
  const fits = (candidate: string) => {
    const parts = candidate.split('/')
    let best: Pattern | undefined
    for (const pattern of PATTERNS()) {
      if (pattern.route.method !== asked || pattern.segments.length !== parts.length) continue
      const same = pattern.segments.every((part, at) => part.startsWith(':') || part === parts[at])
      if (same && (!best || pattern.literal > best.literal)) best = pattern
    }
    return best
  }
  return (fits(path) ?? (path.startsWith('/v1/') ? fits(`/api${path}`) : undefined))?.route
}

/** Every entry by `METHOD path` for each path it is served at (`servedPaths`). */
let byServedPath: Map<string, Route> | undefined
const BY_SERVED_PATH = (): Map<string, Route> =>
  (byServedPath ??= new Map(
    apiRoutes.flatMap((route) =>
      servedPaths(route).map((path): [string, Route] => [`${route.method} ${path}`, route]),
    ),
  ))

/**
 * The entry a server route was registered from, by its method and registered pattern (Fastify's
 * `routeOptions.url`, at its SPEC path or upstream's): exact, so a route outside the table is never taken for the
 * entry its path happens to fit (`GET /x` is not `GET /:model_uid`).
 */
export function routeOfRegistered(method: string, routeUrl: string): Route | undefined {
  return BY_SERVED_PATH().get(`${methodOf(method)} ${routeUrl}`)
}
