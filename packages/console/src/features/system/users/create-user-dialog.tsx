import type { Scope } from '@serving-console/contract'
import { useState } from 'react'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { useCreateUser } from '../api/system-changes'
import { SystemDialog } from '../system-dialog'
import { ScopeFields } from './scope-fields'
import { PasswordField } from './password-field'
import { passwordError, usernameError } from './validation'

/** A new user: name, first password and permissions. A taken name is the server's 409, shown here. */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const create = useCreateUser()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [permissions, setPermissions] = useState<Scope[]>(['models:list'])
  // Rules are said once the user has tried to send, not while they type.
  const [tried, setTried] = useState(false)
  const nameError = tried ? usernameError(username) : null
  const secretError = tried ? passwordError(password) : null

  const submit = () => {
    setTried(true)
    if (usernameError(username) || passwordError(password)) return
    create.mutate({ username, password, permissions }, { onSuccess: onClose })
  }

  return (
    <SystemDialog
      title={t('system.users.create.title')}
      submitLabel={t('system.users.create.submit')}
      onSubmit={submit}
      onClose={onClose}
      change={create}
    >
      <TextField
        label={t('system.users.field.username')}
        value={username}
        onChange={setUsername}
        required
        autoFocus
        autoComplete="off"
        error={nameError}
        helperText={t('system.users.field.usernameHelp')}
      />
      <PasswordField
        label={t('system.users.field.password')}
        value={password}
        onChange={setPassword}
        error={secretError}
      />
      <ScopeFields value={permissions} onChange={setPermissions} />
    </SystemDialog>
  )
}
