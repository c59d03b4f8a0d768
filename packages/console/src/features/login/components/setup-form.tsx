import { useState } from 'react'
import { Button } from '../../../components/button'
import { Notice } from '../../../components/notice'
import {
  NewPasswordFields,
  newPasswordReady,
  PASSWORD_MIN_LENGTH,
} from '../../../components/new-password-fields'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { setupFailure, useSetup } from '../api/setup'

/** The field's name in the form (what password managers know it by): an identifier, not text to translate. */
const USERNAME = 'username'

/**
 * The first run of a server with sign-in on and nobody to sign in: the first administrator is created here, and
 * signed in at once. Upstream v3's set-up, reached through the console in both modes.
 */
export function SetupForm({
  minLength = PASSWORD_MIN_LENGTH,
  pending,
  signInFailure,
  onCreated,
  onSignIn,
}: {
  minLength?: number | undefined
  /** While the new administrator is being signed in. */
  pending: boolean
  /** Why signing the new administrator in failed, if it did. */
  signInFailure: string | null
  onCreated: (credentials: { username: string; password: string }) => void
  /** Someone may have set up meanwhile (another tab, another admin): the sign-in form is a click away. */
  onSignIn: () => void
}) {
  const t = useT()
  const [username, setUsername] = useState('')
  const [chosen, setChosen] = useState({ password: '', repeat: '' })
  const [tried, setTried] = useState(false)
  const setup = useSetup(onCreated)
  return (
    <form
      className="login-form"
      aria-labelledby="setup-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (!username.trim() || !newPasswordReady(chosen, minLength)) return
        setup.mutate({ username: username.trim(), password: chosen.password })
      }}
    >
      <h1 id="setup-title">{t('shell.setup.title')}</h1>
      <Notice severity="info">{t('shell.setup.intro')}</Notice>
      <TextField
        label={t('shell.login.username')}
        name={USERNAME}
        autoComplete="username"
        required
        autoFocus
        value={username}
        onChange={setUsername}
        error={tried && !username.trim() ? t('shell.setup.required') : null}
      />
      <NewPasswordFields
        value={chosen}
        onChange={setChosen}
        minLength={minLength}
        checked={tried}
        labels={{ password: t('shell.login.password'), repeat: t('shell.setup.repeat') }}
      />
      {(setup.isError || signInFailure) && (
        <Notice severity="error" role="alert">
          {setup.isError ? setupFailure(setup.error) : signInFailure}
        </Notice>
      )}
      <Button type="submit" variant="contained" className="login-submit" loading={setup.isPending || pending}>
        {t('shell.setup.submit')}
      </Button>
      <Button variant="text" onClick={onSignIn}>
        {t('shell.setup.signInInstead')}
      </Button>
    </form>
  )
}
