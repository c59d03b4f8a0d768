import { useQuery } from '@tanstack/react-query'
import { Navigate, Outlet } from 'react-router'
import { ErrorNotice } from '../../components/error-notice'
import { Spinner } from '../../components/spinner'
import { hasToken } from '../../lib/auth'
import { AUTH_RETRY_MS, authCheckFailure, clusterAuthQuery } from '../../lib/cluster-auth'
import { routes } from '../../lib/routes'
import { SideNav } from './side-nav'
import './app-layout.css'

/**
 * The frame of every screen but Login. It asks the server whether sign-in is needed before showing a screen,
 * so the token rules of SPEC §4 see a settled cookie, then sends anyone without a token to /login.
 */
export function AppLayout() {
  const auth = useQuery(clusterAuthQuery)
  const settled = auth.data !== undefined || auth.isError

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
        Skip to content
      </a>
      <SideNav />
      <main className="app-main" id="main-content" tabIndex={-1}>
        {!settled ? (
          <Spinner label="Checking sign-in" />
        ) : hasToken() ? (
          <Outlet />
        ) : auth.isError ? (
          // Not signed out: the server could not be asked. The check repeats by itself; the screen follows.
          <ErrorNotice
            title="Cannot check whether this server needs a sign-in"
            onRetry={() => void auth.refetch()}
          >
            {authCheckFailure(auth.error)}. Trying again every {AUTH_RETRY_MS / 1000} s.
          </ErrorNotice>
        ) : (
          <Navigate to={routes.login.href()} replace />
        )}
      </main>
    </div>
  )
}
