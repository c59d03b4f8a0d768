import { useState, type ReactNode } from 'react'
import { useT } from '../i18n/react'
import { ApiError, toastMessageFor } from '../lib/api-client'
import { useChangePassword } from '../lib/change-password'
import { Button } from './button'
import { Notice } from './notice'
import { TextField } from './text-field'
import './change-password.css'

/** v3's rule, as the server checks it. */
const MIN_LENGTH = 8
const FIELDS = { current: 'current-password', next: 'new-password', again: 'new-password-again' } as const

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
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [checked, setChecked] = useState(false)
  const change = useChangePassword(onChanged)
  const tooShort = next.length < MIN_LENGTH
  const differs = next !== again
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
        if (!tooShort && !differs) change.mutate({ current_password: current, new_password: next })
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
          name={FIELDS.current}
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          value={current}
          onChange={setCurrent}
        />
      )}
      <TextField
        label={t('shell.account.new')}
        name={FIELDS.next}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={given !== undefined}
        value={next}
        onChange={setNext}
        helperText={t('shell.account.minLength', { min: MIN_LENGTH })}
        error={checked && tooShort ? t('shell.account.minLength', { min: MIN_LENGTH }) : null}
      />
      <TextField
        label={t('shell.account.again')}
        name={FIELDS.again}
        type="password"
        autoComplete="new-password"
        required
        value={again}
        onChange={setAgain}
        error={checked && !tooShort && differs ? t('shell.account.differs') : null}
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
