import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import { useQuery } from '@tanstack/react-query'
import { Navigate, Outlet } from 'react-router'
import { hasToken } from '../../lib/auth'
import { AUTH_RETRY_MS, authCheckFailure, clusterAuthQuery } from '../../lib/cluster-auth'
import { routes } from '../../lib/routes'
import { SideNav } from './side-nav'

/**
 * The frame of every screen but Login. It asks the server whether sign-in is needed before showing a screen,
 * so the token rules of SPEC §4 see a settled cookie, then sends anyone without a token to /login.
 */
export function AppLayout() {
  const auth = useQuery(clusterAuthQuery)
  const settled = auth.data !== undefined || auth.isError

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SideNav />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: 4, py: 3 }}>
        {!settled ? (
          <CircularProgress aria-label="Checking sign-in" sx={{ m: 4 }} />
        ) : hasToken() ? (
          <Outlet />
        ) : auth.isError ? (
          // Not signed out: the server could not be asked. The check repeats by itself; the screen follows.
          <Alert
            severity="error"
            variant="outlined"
            action={
              <Button color="inherit" size="small" onClick={() => void auth.refetch()}>
                Retry
              </Button>
            }
          >
            <AlertTitle>Cannot check whether this server needs a sign-in</AlertTitle>
            {authCheckFailure(auth.error)}. Trying again every {AUTH_RETRY_MS / 1000} s.
          </Alert>
        ) : (
          <Navigate to={routes.login.href()} replace />
        )}
      </Box>
    </Box>
  )
}
