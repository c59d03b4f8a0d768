import type { AdminUser } from '@serving-console/contract'
import { t } from '../../../i18n/i18n'
import { missingPermission } from '../../../lib/permission'

/** Why an action on a user is not offered; null where it is. */
export interface UserLimits {
  /** Enabling or disabling (for an enabled user: disabling). */
  toggle: string | null
  permissions: string | null
  password: string | null
  remove: string | null
  /** Its limits (docs/quotas.md). */
  quota: string | null
}

/**
 * What the signed-in user may do to `user`, as the server decides it (routes/users.ts): only an administrator
 * changes an administrator; nobody sets the password of a user holding a scope they lack; and the last enabled
 * administrator is neither disabled nor removed, by themselves or anyone (nobody could manage the server any
 * more); nobody but an administrator changes their own limits. `held`: the caller's scopes, null when unknown
 * (auth off, a token without them: all is offered); `caller`: their user name, null when unknown.
 */
export function userLimits(
  user: AdminUser,
  users: readonly AdminUser[],
  held: readonly string[] | null,
  caller: string | null = null,
): UserLimits {
  const isAdmin = (someone: AdminUser) => someone.permissions.includes('admin')
  const callerAdmin = held === null || held.includes('admin')
  if (!callerAdmin && isAdmin(user)) {
    const adminOnly = t('system.users.reason.adminOnly')
    return {
      toggle: adminOnly,
      permissions: adminOnly,
      password: adminOnly,
      remove: adminOnly,
      quota: adminOnly,
    }
  }
  const enabledAdmins = users.filter((someone) => someone.enabled && isAdmin(someone)).length
  const last = user.enabled && isAdmin(user) && enabledAdmins <= 1 ? t('system.users.reason.lastAdmin') : null
  const beyond = callerAdmin ? undefined : user.permissions.find((scope) => !held.includes(scope))
  return {
    toggle: last,
    permissions: null,
    password: beyond === undefined ? null : missingPermission(beyond),
    remove: last,
    quota: !callerAdmin && user.username === caller ? t('system.limits.reason.own') : null,
  }
}
