import type { Scope } from '../auth.js'
import { apiRoutes } from './areas.js'
import { routeOfRequest, routeName } from './lookup.js'
import type { Access, Route } from './route.js'

/** Who may call a route (its entry's `access`), for a screen that opens on it: `accessOf(api.listUsers)`. */
export const accessOf = (route: Pick<Route, 'access'>): Access => route.access

/** The scopes any of which opens a route; none for open routes and those for any signed-in user. */
export function scopesOf(route: Pick<Route, 'access'>): readonly Scope[] {
  const { access } = route
  if (access === 'public' || access === 'signed-in') return []
  return typeof access === 'string' ? [access] : access
}

/** The access of a request as sent, at its SPEC path or upstream's (`routeOfRequest`); undefined when unknown. */
export function accessOfRequest(method: string, url: string): Access | undefined {
  return routeOfRequest(method, url)?.access
}

/**
 * The permission a refused request needed, in the words of the table (`models:start`; `keys:create or
 * keys:manage` reads as the scopes joined by `joiner`); null where no permission would have let it through
 * (open routes, those for any signed-in user, routes unknown here).
 */
export function neededPermission(method: string, url: string, joiner = ' / '): string | null {
  const route = routeOfRequest(method, url)
  const scopes = route ? scopesOf(route) : []
  return scopes.length === 0 ? null : scopes.join(joiner)
}

/** An API key of the user store may call it (upstream v3: "model query and inference endpoints"). */
export const isKeyRoute = (route: Pick<Route, 'apiKey'> | undefined): boolean => route?.apiKey === true

/** What a user whose password was reset may still do: change it, or sign out. */
export const allowedWhilePasswordMustChange = (route: Pick<Route, 'whilePasswordMustChange'> | undefined) =>
  route?.whilePasswordMustChange === true

/** The routes an API key may call, by name (`POST /api/v1/chat/completions`). */
export const keyRoutes = (): string[] => apiRoutes.filter((route) => isKeyRoute(route)).map(routeName)

/** The routes open to a user whose password must change, by name. */
export const passwordChangeRoutes = (): string[] =>
  apiRoutes.filter((route) => allowedWhilePasswordMustChange(route)).map(routeName)
