import type { Scope } from '../auth.js'
import type { Access, Route } from './route.js'

// What one route's entry says of its access; what the whole table says is in access-table.ts.

/** Who may call a route (its entry's `access`), for a screen that opens on it: `accessOf(api.listUsers)`. */
export const accessOf = (route: Pick<Route, 'access'>): Access => route.access

/** The scopes any of which opens a route; none for open routes and those for any signed-in user. */
export function scopesOf(route: Pick<Route, 'access'>): readonly Scope[] {
  const { access } = route
  if (access === 'public' || access === 'signed-in') return []
  return typeof access === 'string' ? [access] : access
}

/** An API key of the user store may call it (upstream v3: "model query and inference endpoints"). */
export const isKeyRoute = (route: Pick<Route, 'apiKey'> | undefined): boolean => route?.apiKey === true

/** What a user whose password was reset may still do: change it, or sign out. */
export const allowedWhilePasswordMustChange = (route: Pick<Route, 'whilePasswordMustChange'> | undefined) =>
  route?.whilePasswordMustChange === true
