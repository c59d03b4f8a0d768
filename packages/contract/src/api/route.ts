import type * as z from 'zod/mini'
import type { Scope } from '../auth.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * Who may call a route: anyone; any signed-in user (not an API key); or a signed-in user holding the scope, or any
 * of the scopes (admin holds them all).
 */
export type Access = 'public' | 'signed-in' | Scope | readonly Scope[]

/**
 * The audit trail's category of a call (docs/security.md, the audit trail): sign-ins and sessions, inference, everything else that an
 * administrator does; `none` for the trail's own reads, which it does not record.
 */
export type AuditCategory = 'auth' | 'inference' | 'admin' | 'none'

/** The names of a path pattern's `:params`: `'/a/:x/b/:y'` → `'x' | 'y'`. */
export type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

/** The values a path's params are filled with (numbers for ids). */
export type PathValues<Path extends string> = { [Name in ParamNames<Path>]: string | number }

/**
 * One API route: the single place its method, path, schemas, access and audit category are written. The server
 * registers it from here (at `path`, and at upstream's `/v1` alias where `path` starts with `/api/v1/`); the
 * console builds its URL and query options from here; the access table, the key routes, the routes open while a
 * password must change, the audit categories and docs/routes.md are derived from the table.
 */
export interface Route<Path extends string = string> {
  readonly method: Method
  /** The SPEC path pattern (`/api/v1/models/:model_uid`). */
  readonly path: Path
  /**
   * `false` where the route is served at its SPEC path only: the console's own, which upstream has not, so its
   * `/v1` path stays upstream's (the gateway forwards it).
   */
  readonly upstreamAlias?: false
  /**
   * How a param's value is spelled on the wire, applied by `href` before encoding: upstream reads model types
   * case-sensitively (`LLM`), so callers pass the console's `llm` and the entry spells it.
   */
  readonly wireParams?: Readonly<Record<string, (value: string) => string>>
  /** One line: what the route does, for docs/routes.md. */
  readonly summary: string
  readonly params?: z.ZodMiniType
  readonly query?: z.ZodMiniType
  readonly body?: z.ZodMiniType
  /** Success answers by status code (`{ 200: Schema }`); absent where the answer is not JSON (a page, a stream). */
  readonly answers?: Readonly<Record<number, z.ZodMiniType>>
  readonly access: Access
  /** An API key of the user store may call it (upstream v3: "model query and inference endpoints"). */
  readonly apiKey?: true
  /** Allowed to a user whose password was reset and must change it. */
  readonly whilePasswordMustChange?: true
  readonly audit: AuditCategory
}

/** Declares a route, keeping its literal path (for typed params). */
export const route = <const Path extends string, const R extends Route<Path>>(
  definition: R & { path: Path },
): R => definition

/** Upstream Xinference serves every `/api/v1/x` of SPEC at `/v1/x`. */
export function upstreamPath(specPath: string): string {
  return specPath.startsWith('/api/v1/') ? specPath.slice('/api'.length) : specPath
}

/** The paths a route is served at: its SPEC path, and upstream's `/v1` one where they differ. */
export function servedPaths(route: Pick<Route, 'path' | 'upstreamAlias'>): string[] {
  const upstream = upstreamPath(route.path)
  return upstream === route.path || route.upstreamAlias === false ? [route.path] : [route.path, upstream]
}

type QueryValue = string | number | boolean | undefined | null

/**
 * A route's URL relative to the API base: params filled in (each encoded as one segment), then the query's
 * defined values in the order given.
 */
export function href<Path extends string>(
  route: Pick<Route<Path>, 'path' | 'wireParams'>,
  ...[params, query]: ParamNames<Path> extends never
    ? [params?: Record<string, never>, query?: Readonly<Record<string, QueryValue>> | string]
    : [params: PathValues<Path>, query?: Readonly<Record<string, QueryValue>> | string]
): string {
  const values = (params ?? {}) as Record<string, string | number>
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`)
    const spell = route.wireParams?.[name]
    return encodeURIComponent(spell ? spell(String(value)) : String(value))
  })
  const search =
    typeof query === 'string'
      ? query
      : new URLSearchParams(
          Object.entries(query ?? {}).flatMap(([name, value]) =>
            value === undefined || value === null ? [] : [[name, String(value)] as [string, string]],
          ),
        ).toString()
  return search ? `${path}?${search}` : path
}
