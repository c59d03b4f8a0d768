import Alert from '@mui/material/Alert'
import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { Logo } from '../../components/logo'
import { authCheckFailure, clusterAuthQuery } from '../../lib/cluster-auth'
import { HOME } from '../../lib/routes'
import { serverFeaturesQuery } from '../../lib/server-features'
import { setupStatusQuery } from './api/get-setup-status'
import { useSignIn } from './api/sign-in'

/** SPEC §2 "Login": a LOGIN form; a server without auth sends the user straight to Launch Model. */
export function LoginPage() {
  const navigate = useNavigate()
  const auth = useQuery(clusterAuthQuery)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')

  const login = useSignIn(() => void navigate(HOME))
  const setup = useQuery({ ...setupStatusQuery, enabled: auth.data?.auth === true })
  const features = useQuery({ ...serverFeaturesQuery, enabled: setup.data?.needs_setup === true })
  const cluster = features.data?.upstream?.address ?? 'the cluster'

  if (auth.data?.auth === false) return <Navigate to={HOME} replace />

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar>
          <Logo />
        </Toolbar>
      </AppBar>
      <Paper
        component="form"
        onSubmit={(event) => {
          event.preventDefault()
          login.mutate({ username, password })
        }}
        elevation={2}
        sx={{ maxWidth: 400, mx: 'auto', mt: 12, p: 4 }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
          LOGIN
        </Typography>
        <Stack spacing={2.5}>
          {setup.data?.needs_setup && (
            <Alert severity="warning" variant="outlined">
              This Xinference cluster has no administrator yet, so nobody can sign in. Create the first one
              with Xinference's own set-up page at {cluster} (or <code>POST /v1/admin/setup</code> there),
              then sign in here.
            </Alert>
          )}
          {auth.isError && (
            <Alert severity="error" variant="outlined">
              {authCheckFailure(auth.error)}
            </Alert>
          )}
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            required
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" loading={login.isPending}>
            Sign In
          </Button>
        </Stack>
      </Paper>
    </Box>
  )
}
