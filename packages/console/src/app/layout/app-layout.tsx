import { Box, CircularProgress } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Navigate, Outlet } from 'react-router'
import { hasToken } from '../../lib/auth'
import { clusterAuthQuery } from '../../lib/cluster-auth'
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
        ) : (
          <Navigate to={routes.login.href()} replace />
        )}
      </Box>
    </Box>
  )
}
