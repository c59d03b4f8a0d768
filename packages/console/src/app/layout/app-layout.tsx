import { useQuery } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useState } from 'react'
import { Navigate, Outlet } from 'react-router'
import { ErrorNotice } from '../../components/error-notice'
import { Spinner } from '../../components/spinner'
import { useT } from '../../i18n/react'
import { hasToken } from '../../lib/auth'
import { AUTH_RETRY_MS, authCheckFailure, clusterAuthQuery } from '../../lib/cluster-auth'
import { routes } from '../../lib/routes'
import { AttentionStrip, useAttention } from '../../features/running-models/components/attention-strip'
import { clusterStatesQuery } from '../../lib/clusters'
import { serverFeaturesQuery } from '../../lib/server-features'
import { revealConsole } from '../shell/prerendered-shell'
import { RevealGate } from '../shell/reveal-gate'
import { SideNav } from './side-nav'
import './app-layout.css'

/** The longest the first screen waits for the needs-attention strip before it is shown without it. */
const STRIP_WAIT_MS = 300

/**
 * The frame of every screen but Login. It asks the server whether sign-in is needed before showing a screen,
 * so the token rules of SPEC §4 see a settled cookie, then sends anyone without a token to /login.
 */
export function AppLayout() {
  const t = useT()
  const auth = useQuery(clusterAuthQuery)
  const settled = auth.data !== undefined || auth.isError
  const failed = auth.isError && !hasToken()
  // The strip above the screen, drawn with it: the screen takes the prerendered page's place once the strip knows
  // what to say (the server's features, then its list), or after STRIP_WAIT_MS, whichever is first.
  const features = useQuery(serverFeaturesQuery)
  const attention = useAttention()
  // So is where a screen works, where the server holds clusters (Launch, Register: components/cluster-select.tsx).
  const clusters = useQuery(clusterStatesQuery)
  const [waited, setWaited] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), STRIP_WAIT_MS)
    return () => clearTimeout(timer)
  }, [])
  const stripSettled =
    waited ||
    (features.status !== 'pending' && attention.status !== 'pending' && clusters.status !== 'pending')
  // The check failed: its notice is the screen (a screen that renders reveals the console itself).
  useLayoutEffect(() => {
    if (failed) revealConsole()
  }, [failed])

  return (
    <div className="app-layout">
      <a
        className="skip-link"
        href="#main-content"
        // The address holds the route (hash routing): the link moves the focus, not the address.
        onClick={(event) => {
          event.preventDefault()
          document.getElementById('main-content')?.focus()
        }}
      >
        {t('shell.skipToContent')}
      </a>
      <SideNav />
      <main className="app-main" id="main-content" tabIndex={-1}>
        {!settled ? (
          <Spinner label={t('shell.authCheck.checking')} />
        ) : hasToken() ? (
          <RevealGate value={stripSettled}>
            <AttentionStrip />
            <Outlet />
          </RevealGate>
        ) : auth.isError ? (
          // Not signed out: the server could not be asked. The check repeats by itself; the screen follows.
          <ErrorNotice title={t('shell.authCheck.failed')} onRetry={() => void auth.refetch()}>
            {t('shell.authCheck.retrying', {
              reason: authCheckFailure(auth.error),
              seconds: AUTH_RETRY_MS / 1000,
            })}
          </ErrorNotice>
        ) : (
          <Navigate to={routes.login.href()} replace />
        )}
      </main>
    </div>
  )
}
