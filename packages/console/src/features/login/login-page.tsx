import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { Button } from '../../components/button'
import { ColorSchemeSwitch } from '../../components/color-scheme-switch'
import { LanguageSelect } from '../../components/language-select'
import { Logo } from '../../components/logo'
import { Notice } from '../../components/notice'
import { SignInFields, useSignInForm } from '../../components/sign-in-fields'
import { useT } from '../../i18n/react'
import { authCheckFailure, clusterAuthQuery } from '../../lib/cluster-auth'
import { HOME } from '../../lib/routes'
import { setupStatusQuery } from './api/setup'
import { loginFailure, useSignIn } from './api/sign-in'
import { ChangePasswordForm } from '../../components/change-password-form'
import { SetupForm } from './components/setup-form'
import './login-page.css'

/** SPEC §2 "Login": a LOGIN form; a server without auth sends the user straight to Launch Model. */
export function LoginPage() {
  const t = useT()
  const navigate = useNavigate()
  const auth = useQuery(clusterAuthQuery)
  const form = useSignInForm()
  const [signInInstead, setSignInInstead] = useState(false)

  /** The password just used, when the server requires a new one before anything else. */
  const [mustChange, setMustChange] = useState<string | null>(null)
  // A wrong password is said in the form, where the eyes and the focus are, not in a toast across the page.
  const login = useSignIn(
    (answer) => {
      if (answer.must_change_password) setMustChange(form.credentials.password)
      else void navigate(HOME)
    },
    { inForm: true },
  )
  const setup = useQuery({ ...setupStatusQuery, enabled: auth.data?.auth === true })

  if (auth.data?.auth === false) return <Navigate to={HOME} replace />
  // Which form, set-up or sign-in, is known once the server said whether anyone exists (a server without the
  // route answers at once: sign-in).
  const deciding = auth.isPending || (auth.data?.auth === true && setup.isPending)

  return (
    <div className="login-page">
      <header className="login-bar">
        <Logo />
        <span className="login-bar-tools">
          <LanguageSelect />
          <ColorSchemeSwitch />
        </span>
      </header>
      <main className="login-main">
        {mustChange !== null ? (
          <section className="login-form" aria-labelledby="change-password-title">
            <h1 id="change-password-title">{t('shell.account.forcedTitle')}</h1>
            <p>{t('shell.account.forcedText')}</p>
            <ChangePasswordForm current={mustChange} onChanged={() => void navigate(HOME)} />
          </section>
        ) : deciding ? null : setup.data?.needs_setup && !signInInstead ? (
          // Nobody can sign in yet: the first administrator is made here, and signed in.
          <SetupForm
            minLength={setup.data.password_min_length}
            pending={login.isPending}
            signInFailure={login.isError ? loginFailure(login.error) : null}
            onCreated={(credentials) => login.mutate(credentials)}
            onSignIn={() => setSignInInstead(true)}
          />
        ) : (
          <form className="login-form" aria-labelledby="login-title" onSubmit={form.submitTo(login.mutate)}>
            <h1 id="login-title">{t('shell.login.title')}</h1>
            {auth.isError && <Notice severity="error">{authCheckFailure(auth.error)}</Notice>}
            <SignInFields {...form.fields} focus="username" />
            {login.isError && (
              <Notice severity="error" role="alert">
                {loginFailure(login.error)}
              </Notice>
            )}
            <Button type="submit" variant="contained" className="login-submit" loading={login.isPending}>
              {t('shell.login.signIn')}
            </Button>
          </form>
        )}
      </main>
    </div>
  )
}
