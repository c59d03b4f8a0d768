import { SCOPES, type Scope } from '@serving-console/contract'
import { t } from '../../../i18n/i18n'

/** The contract's rules for a user (upstream v3's): a name of 1–64 letters, digits and `. _ @ -`. */
const USERNAME = /^[\w.@-]{1,64}$/
/** The contract's shortest password (v3's `password_min_length`). */
export const PASSWORD_MIN_LENGTH = 8
const PASSWORD_MAX_LENGTH = 1024

/** Why the username cannot be sent, or null. */
export function usernameError(username: string): string | null {
  return USERNAME.test(username) ? null : t('system.users.error.username')
}

/** Why the password cannot be sent, or null. */
export function passwordError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return t('system.users.error.passwordShort', { min: PASSWORD_MIN_LENGTH })
  return password.length > PASSWORD_MAX_LENGTH ? t('system.users.error.passwordLong') : null
}

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value)

/** The scopes of `held` that the console can send back (a server's others are dropped), in SCOPES' order. */
export const knownScopes = (held: readonly string[]): Scope[] =>
  SCOPES.filter((scope) => held.includes(scope))

/** `scopes` with `scope` on or off, in SCOPES' order. */
export const withScope = (scopes: readonly Scope[], scope: Scope, on: boolean): Scope[] =>
  SCOPES.filter((one) => (one === scope ? on : scopes.includes(one)))
