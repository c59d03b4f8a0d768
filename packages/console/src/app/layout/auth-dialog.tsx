import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { lazyThemed } from '../../components/themed'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/react'
import { isLoggedIn, tokenSubject } from '../../lib/auth'
import { routes } from '../../lib/routes'
import { resumeSession, sessionWaiting } from '../../lib/session-resume'
import { authStatusStore, tokenCookie, type AuthStatus } from '../../lib/storage'

const TEXTS: Record<AuthStatus, { title: MessageId; text: MessageId }> = {
  '403': { title: 'shell.authStatus.403.title', text: 'shell.authStatus.403.text' },
  '401': { title: 'shell.authStatus.401.title', text: 'shell.authStatus.401.text' },
}

// The dialog's code comes when it first opens (a 401 or 403 means the server is there to send it).
const AuthStatusDialog = lazyThemed(async () => (await import('./auth-status-dialog')).AuthStatusDialog)

/** SPEC §4 "Auth status" and §8: opens on a recorded 401/403; only CONFIRMED closes it. */
export function AuthDialog() {
  const t = useT()
  const [status, setStatus] = useState<AuthStatus | null>(null)
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(() => {
    // A status left over from an earlier visit is stale: clear it first, then listen. One this visit's requests
    // recorded before the shell was up (they wait on it) is not.
    if (!sessionWaiting()) authStatusStore.clear()
    const read = () => setStatus(authStatusStore.get())
    read()
    window.addEventListener('auth-status', read)
    return () => window.removeEventListener('auth-status', read)
  }, [])

  const confirm = () => {
    const was = status
    authStatusStore.clear()
    setStatus(null)
    if (was === '401') {
      resumeSession(false)
      tokenCookie.remove()
      queryClient.clear()
      void navigate(routes.login.href(), { replace: true })
    }
  }

  const signedInAgain = () => {
    authStatusStore.clear()
    setStatus(null)
    resumeSession(true)
  }

  if (!status) return null
  // Whoever was signed in when the 401 came may sign in again over the page (the token stays until CONFIRMED).
  const resumable = status === '401' && isLoggedIn() ? tokenSubject() : null
  return (
    <Suspense>
      <AuthStatusDialog
        title={t(TEXTS[status].title)}
        text={t(TEXTS[status].text)}
        refused={status === '403'}
        onConfirm={confirm}
        resume={resumable ? { username: resumable, onSignedIn: signedInAgain } : undefined}
      />
    </Suspense>
  )
}
