import { useState, type SyntheticEvent } from 'react'
import { useT } from '../i18n/react'
import { TextField } from './text-field'

/** What password managers know the fields by: identifiers, not text to translate. */
const FIELD_NAMES = { username: 'username', password: 'password' } as const

export interface Credentials {
  username: string
  password: string
}

/**
 * A sign-in form's state (Login, and signing in again over a page): the credentials typed so far, the props of
 * its SignInFields, and its submit handler, which sends the credentials to `send` in place of the page's submit.
 */
export function useSignInForm(known = '') {
  const [username, setUsername] = useState(known)
  const [password, setPassword] = useState('')
  return {
    credentials: { username, password },
    fields: { username, password, onUsername: setUsername, onPassword: setPassword },
    submitTo: (send: (credentials: Credentials) => void) => (event: SyntheticEvent) => {
      event.preventDefault()
      send({ username, password })
    },
  }
}

/** Username and password as a sign-in asks them (Login, and signing in again over a page). */
export function SignInFields({
  username,
  password,
  onUsername,
  onPassword,
  focus,
}: {
  username: string
  password: string
  onUsername: (value: string) => void
  onPassword: (value: string) => void
  /** The field the cursor starts in. */
  focus: 'username' | 'password'
}) {
  const t = useT()
  return (
    <>
      <TextField
        label={t('shell.login.username')}
        name={FIELD_NAMES.username}
        autoComplete="username"
        required
        autoFocus={focus === 'username'}
        value={username}
        onChange={onUsername}
      />
      <TextField
        label={t('shell.login.password')}
        name={FIELD_NAMES.password}
        type="password"
        autoComplete="current-password"
        required
        autoFocus={focus === 'password'}
        value={password}
        onChange={onPassword}
      />
    </>
  )
}
