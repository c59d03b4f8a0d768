import type { AdminUser } from '@serving-console/contract'
import { useState } from 'react'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { useResetPassword } from '../api/system-changes'
import { SystemDialog } from '../system-dialog'
import { PASSWORD_MIN_LENGTH, passwordError } from './validation'

const NEW_PASSWORD = 'new-password'

/** An administrator sets a user's password; the user must change it at the next sign-in (and is signed out now). */
export function PasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const t = useT()
  const reset = useResetPassword()
  const [password, setPassword] = useState('')
  const [tried, setTried] = useState(false)
  const submit = () => {
    setTried(true)
    if (passwordError(password)) return
    reset.mutate({ id: user.id, password }, { onSuccess: onClose })
  }
  return (
    <SystemDialog
      title={t('system.users.password.title', { username: user.username })}
      submitLabel={t('system.users.password.submit')}
      onSubmit={submit}
      onClose={onClose}
      busy={reset.isPending}
      error={reset.error}
    >
      <p className="muted">{t('system.users.password.note', { username: user.username })}</p>
      <TextField
        label={t('system.users.field.newPassword')}
        type="password"
        value={password}
        onChange={setPassword}
        required
        autoFocus
        autoComplete={NEW_PASSWORD}
        error={tried ? passwordError(password) : null}
        helperText={t('system.users.field.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
      />
    </SystemDialog>
  )
}
