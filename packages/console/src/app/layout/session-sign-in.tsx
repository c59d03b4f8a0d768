import { Button } from '../../components/button'
import { Notice } from '../../components/notice'
import { SignInFields, useSignInForm } from '../../components/sign-in-fields'
import { loginFailure, useSignIn } from '../../features/login/api/sign-in'
import { useT } from '../../i18n/react'
import './session-sign-in.css'

/**
 * In the 401 dialog, for a session that ended under the page: the password again, and the page carries on (the
 * requests that met the 401 are sent once more; see lib/session-resume.ts).
 */
export function SessionSignIn({ username: known, onSignedIn }: { username: string; onSignedIn: () => void }) {
  const t = useT()
  const form = useSignInForm(known)
  const login = useSignIn(onSignedIn, { inForm: true })
  return (
    <form
      className="session-sign-in"
      aria-labelledby="session-expired-title"
      onSubmit={form.submitTo(login.mutate)}
    >
      <h3 id="session-expired-title">{t('shell.session.title')}</h3>
      <p>{t('shell.session.text')}</p>
      {login.isError && (
        <Notice severity="error" role="alert">
          {loginFailure(login.error)}
        </Notice>
      )}
      <SignInFields {...form.fields} focus="password" />
      <Button type="submit" variant="contained" loading={login.isPending}>
        {t('shell.session.signIn')}
      </Button>
    </form>
  )
}
