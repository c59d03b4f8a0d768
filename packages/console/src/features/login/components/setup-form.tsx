import { useState } from 'react'
import { Button } from '../../../components/button'
import { Notice } from '../../../components/notice'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { useSetup } from '../api/setup'

/** The fields' names in the form (what password managers know them by): identifiers, not text to translate. */
const FIELD_NAMES = { username: 'username', password: 'new-password', repeat: 'repeat-password' } as const

/** v3's rule when the server does not say it. */
const DEFAULT_MIN_LENGTH = 8

/**
 * The first run of a server with sign-in on and nobody to sign in: the first administrator is created here, and
 * signed in at once. Upstream v3's set-up, reached through the console in both modes.
 */
export function SetupForm({
  minLength = DEFAULT_MIN_LENGTH,
  pending,
  onCreated,
  onSignIn,
}: {
  minLength?: number | undefined
  /** While the new administrator is being signed in. */
  pending: boolean
  onCreated: (credentials: { username: string; password: string }) => void
  /** Someone may have set up meanwhile (another tab, another admin): the sign-in form is a click away. */
  onSignIn: () => void
}) {
  const t = useT()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [repeated, setRepeated] = useState('')
  const [tried, setTried] = useState(false)
  const setup = useSetup(onCreated)
  const tooShort = password.length < minLength
  const differ = repeated !== password
  return (
    <form
      className="login-form"
      aria-labelledby="setup-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (!username.trim() || tooShort || differ) return
        setup.mutate({ username: username.trim(), password })
      }}
    >
      <h1 id="setup-title">{t('shell.setup.title')}</h1>
      <Notice severity="info">{t('shell.setup.intro')}</Notice>
      <TextField
        label={t('shell.login.username')}
        name={FIELD_NAMES.username}
        autoComplete="username"
        required
        autoFocus
        value={username}
        onChange={setUsername}
        error={tried && !username.trim() ? t('shell.setup.required') : null}
      />
      <TextField
        label={t('shell.login.password')}
        name={FIELD_NAMES.password}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={setPassword}
        helperText={t('shell.setup.minLength', { min: minLength })}
        error={tried && tooShort ? t('shell.setup.minLength', { min: minLength }) : null}
      />
      <TextField
        label={t('shell.setup.repeat')}
        name={FIELD_NAMES.repeat}
        type="password"
        autoComplete="new-password"
        required
        value={repeated}
        onChange={setRepeated}
        error={tried && differ ? t('shell.setup.differ') : null}
      />
      <Button type="submit" variant="contained" className="login-submit" loading={setup.isPending || pending}>
        {t('shell.setup.submit')}
      </Button>
      <Button variant="text" onClick={onSignIn}>
        {t('shell.setup.signInInstead')}
      </Button>
    </form>
  )
}
