import { isKeyRoute, allowedWhilePasswordMustChange, scopesOf } from './access.js'
import { apiRoutes } from './areas.js'
import { routeOfRequest, routeName } from './lookup.js'
import type { Access } from './route.js'

// What the whole route table says of access. Apart from access.ts, so that a screen reading one route's access
// (`scopesOf(api.listUsers)`) does not bring every route's schemas with it.

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

/** The routes an API key may call, by name (`POST /api/v1/chat/completions`). */
export const keyRoutes = (): string[] => apiRoutes.filter((route) => isKeyRoute(route)).map(routeName)

/** The routes open to a user whose password must change, by name. */
export const passwordChangeRoutes = (): string[] =>
  apiRoutes.filter((route) => allowedWhilePasswordMustChange(route)).map(routeName)
