import { apiPaths, TokenResponse } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/button'
import { Notice } from '../../components/notice'
import { TextField } from '../../components/text-field'
import { useT } from '../../i18n/react'
import { api, ApiError, toastMessageFor } from '../../lib/api-client'
import { signIn } from '../../lib/auth'
import './session-sign-in.css'

const FIELDS = { username: 'username', password: 'current-password' } as const

/**
 * In the 401 dialog, for a session that ended under the page: the password again, and the page carries on (the
 * requests that met the 401 are sent once more; see lib/session-resume.ts).
 */
export function SessionSignIn({ username: known, onSignedIn }: { username: string; onSignedIn: () => void }) {
  const t = useT()
  const [username, setUsername] = useState(known)
  const [password, setPassword] = useState('')
  const login = useMutation({
    mutationFn: () =>
      api.post(apiPaths.token, { username, password }, { schema: TokenResponse, reportAuthStatus: false }),
    // Said in the dialog, under its title.
    meta: { shownOnScreen: () => true },
    onSuccess: (answer) => {
      signIn(answer.access_token, answer.refresh_token)
      onSignedIn()
    },
  })
  const failure =
    login.error instanceof ApiError
      ? t('shell.login.failed', { status: String(login.error.status), detail: login.error.detail })
      : login.error && (toastMessageFor(login.error) ?? t('shell.login.failedUnknown'))
  return (
    <form
      className="session-sign-in"
      aria-labelledby="session-expired-title"
      onSubmit={(event) => {
        event.preventDefault()
        login.mutate()
      }}
    >
      <h3 id="session-expired-title">{t('shell.session.title')}</h3>
      <p>{t('shell.session.text')}</p>
      {failure && (
        <Notice severity="error" role="alert">
          {failure}
        </Notice>
      )}
      <TextField
        label={t('shell.login.username')}
        name={FIELDS.username}
        autoComplete="username"
        required
        value={username}
        onChange={setUsername}
      />
      <TextField
        label={t('shell.login.password')}
        name={FIELDS.password}
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" variant="contained" loading={login.isPending}>
        {t('shell.session.signIn')}
      </Button>
    </form>
  )
}
