import LogoutIcon from '@mui/icons-material/Logout'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { isLoggedIn, signOut } from '../lib/auth'
import { routes } from '../lib/routes'

/** SPEC §2 "Page heading": the screen title and, for a signed-in user, LOG OUT. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  const logOut = () => {
    signOut()
    // The next user must not see this one's data.
    queryClient.clear()
    void navigate(routes.login.href(), { replace: true })
  }

  return (
    <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, minHeight: 40 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, flexGrow: 1, fontSize: 26 }}>
        {title}
      </Typography>
      {children}
      {isLoggedIn() && (
        <Button variant="outlined" startIcon={<LogoutIcon />} onClick={logOut}>
          LOG OUT
        </Button>
      )}
    </Box>
  )
}
