import { useT } from '../i18n/react'
import { TextField } from './text-field'

/** v3's rule (the server says its own where it can). */
export const PASSWORD_MIN_LENGTH = 8

/** What password managers know the fields by: identifiers, not text to translate. */
const FIELD_NAMES = { password: 'new-password', repeat: 'repeat-password' } as const

export interface NewPassword {
  password: string
  repeat: string
}

/** What keeps a new password from being sent: too short, typed differently twice (either, both or none). */
export function newPasswordProblems({ password, repeat }: NewPassword, minLength: number) {
  return { short: password.length < minLength, differ: password !== repeat }
}

/** Whether a new password may be sent. */
export function newPasswordReady(value: NewPassword, minLength: number): boolean {
  const { short, differ } = newPasswordProblems(value, minLength)
  return !short && !differ
}

/**
 * A new password typed twice (the first administrator's, one's own): its minimum length said under it, and once
 * `checked`, what is wrong under the field it is about.
 */
export function NewPasswordFields({
  value,
  onChange,
  minLength,
  checked,
  labels,
  autoFocus = false,
}: {
  value: NewPassword
  onChange: (value: NewPassword) => void
  minLength: number
  checked: boolean
  labels: { password: string; repeat: string }
  autoFocus?: boolean
}) {
  const t = useT()
  const { short, differ } = newPasswordProblems(value, minLength)
  const length = t('shell.password.minLength', { min: minLength })
  return (
    <>
      <TextField
        label={labels.password}
        name={FIELD_NAMES.password}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
        helperText={length}
        error={checked && short ? length : null}
      />
      <TextField
        label={labels.repeat}
        name={FIELD_NAMES.repeat}
        type="password"
        autoComplete="new-password"
        required
        value={value.repeat}
        onChange={(repeat) => onChange({ ...value, repeat })}
        error={checked && differ ? t('shell.password.differ') : null}
      />
    </>
  )
}
