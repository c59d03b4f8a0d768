import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { PASSWORD_MIN_LENGTH } from './validation'

/** What password managers know the field by: an identifier, not text to translate. */
const NEW_PASSWORD = 'new-password'

/** A password an administrator sets for a user (a new user's first, or a reset), its minimum length said under it. */
export function PasswordField(props: {
  label: string
  value: string
  onChange: (value: string) => void
  /** Why the password cannot be sent, once the administrator has tried; else null. */
  error: string | null
  autoFocus?: boolean
}) {
  const t = useT()
  return (
    <TextField
      label={props.label}
      type="password"
      value={props.value}
      onChange={props.onChange}
      required
      autoFocus={props.autoFocus}
      autoComplete={NEW_PASSWORD}
      error={props.error}
      helperText={t('system.users.field.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
    />
  )
}
