import type { Scope } from '@serving-console/contract'
import { permissionFor } from '../../../lib/permission'

/** The scopes Running Models' actions need (the server's route scopes): what a signed-in user is offered. */
export const ACTION_SCOPES = {
  /** Terminate, Stop all, a launch's Cancel and Dismiss: `DELETE /api/v1/models/{uid}`, `POST …/cancel`. */
  stop: 'models:stop',
  /** Launch Web UI (`POST /api/v1/ui/{uid}`) and the log (`GET …/logs`). */
  read: 'models:read',
  /** Restarting failed replicas: `POST …/restart`. */
  start: 'models:start',
} as const satisfies Record<string, Scope>

export type Right = keyof typeof ACTION_SCOPES
export type Rights = Record<Right, ReturnType<typeof permissionFor>>

/** Whether each action is allowed, and why not. Call from a component that uses `useT` (the reasons are said). */
export const rightsNow = (): Rights => ({
  stop: permissionFor(ACTION_SCOPES.stop),
  read: permissionFor(ACTION_SCOPES.read),
  start: permissionFor(ACTION_SCOPES.start),
})

/** The id of the visible line that says why a right is missing: denied buttons are described by it. */
export const reasonId = (right: Right) => `running-denied-${right}`
