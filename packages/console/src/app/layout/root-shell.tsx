import { Outlet } from 'react-router'
import { AuthDialog } from './auth-dialog'
import { ErrorToast } from './error-toast'

/** What every screen shares, the login screen included: the error toast and the auth dialog. */
export function RootShell() {
  return (
    <>
      <Outlet />
      <ErrorToast />
      <AuthDialog />
    </>
  )
}
