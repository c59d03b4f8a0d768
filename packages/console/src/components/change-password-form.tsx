import { useState, type ReactNode } from 'react'
import { useT } from '../i18n/react'
import { ApiError, toastMessageFor } from '../lib/api-client'
import { useChangePassword } from '../lib/change-password'
import { Button } from './button'
import { NewPasswordFields, newPasswordReady, PASSWORD_MIN_LENGTH } from './new-password-fields'
import { Notice } from './notice'
import { TextField } from './text-field'
import './change-password.css'

const CURRENT = 'current-password'

interface ChangePasswordFormProps {
  /** Known already (the password just used to sign in): the field is not asked for. */
  current?: string
  onChanged: () => void
  /** Beside the submit button (Cancel in a dialog). */
  secondary?: ReactNode
}

/** One's own new password, typed twice, checked here for length and sameness before the server is asked. */
export function ChangePasswordForm({ current: given, onChanged, secondary }: ChangePasswordFormProps) {
  const t = useT()
  const [current, setCurrent] = useState(given ?? '')
  const [chosen, setChosen] = useState({ password: '', repeat: '' })
  const [checked, setChecked] = useState(false)
  const change = useChangePassword(onChanged)
  const failure =
    change.error instanceof ApiError
      ? t('shell.account.failed', { status: String(change.error.status), detail: change.error.detail })
      : change.error && toastMessageFor(change.error)
  return (
    <form
      className="change-password-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setChecked(true)
        if (newPasswordReady(chosen, PASSWORD_MIN_LENGTH))
          change.mutate({ current_password: current, new_password: chosen.password })
      }}
    >
      {failure && (
        <Notice severity="error" role="alert">
          {failure}
        </Notice>
      )}
      {given === undefined && (
        <TextField
          label={t('shell.account.current')}
          name={CURRENT}
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          value={current}
          onChange={setCurrent}
        />
      )}
      <NewPasswordFields
        value={chosen}
        onChange={setChosen}
        minLength={PASSWORD_MIN_LENGTH}
        checked={checked}
        labels={{ password: t('shell.account.new'), repeat: t('shell.account.again') }}
        autoFocus={given !== undefined}
      />
      <div className="change-password-actions">
        {secondary}
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t('shell.account.submit')}
        </Button>
      </div>
    </form>
  )
}
