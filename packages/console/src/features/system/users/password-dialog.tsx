import type { AdminUser } from '@serving-console/contract'
import { useState } from 'react'
import { useT } from '../../../i18n/react'
import { useResetPassword } from '../api/system-changes'
import { SystemDialog } from '../system-dialog'
import { PasswordField } from './password-field'
import { passwordError } from './validation'

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
      change={reset}
    >
      <p className="muted">{t('system.users.password.note', { username: user.username })}</p>
      <PasswordField
        label={t('system.users.field.newPassword')}
        value={password}
        onChange={setPassword}
        error={tried ? passwordError(password) : null}
        autoFocus
      />
    </SystemDialog>
  )
}
