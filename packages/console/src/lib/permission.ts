import type { Scope } from '@serving-console/contract'
import { t } from '../i18n/i18n'
import { mayOpen } from './auth'

/**
 * Whether the signed-in user's token holds `scope` (admin holds all; auth off, or a token without a scopes
 * claim, allows everything — the server decides each call). When it does not, `reason` names the permission, to
 * show beside a disabled action: an action is offered only as far as one's rights go, and says why not.
 * Call it from a component that uses `useT`, so the reason follows the language.
 */
export function permissionFor(scope: Scope): { allowed: true } | { allowed: false; reason: string } {
  return mayOpen([scope]) ? { allowed: true } : { allowed: false, reason: missingPermission(scope) }
}

/** "Needs the {permission} permission": the reason an action is not offered, or why the server refused it. */
export function missingPermission(scope: string): string {
  return t('common.permission.missing', { permission: scope })
}
