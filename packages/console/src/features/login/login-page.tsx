import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { Button } from '../../components/button'
import { ColorSchemeSwitch } from '../../components/color-scheme-switch'
import { Logo } from '../../components/logo'
import { Notice } from '../../components/notice'
import { TextField } from '../../components/text-field'
import { authCheckFailure, clusterAuthQuery } from '../../lib/cluster-auth'
import { HOME } from '../../lib/routes'
import { serverFeaturesQuery } from '../../lib/server-features'
import { setupStatusQuery } from './api/get-setup-status'
import { useSignIn } from './api/sign-in'
import './login-page.css'

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
    <div className="login-page">
      <header className="login-bar">
        <Logo />
        <ColorSchemeSwitch />
      </header>
      <main className="login-main">
        <form
          className="login-form"
          aria-labelledby="login-title"
          onSubmit={(event) => {
            event.preventDefault()
            login.mutate({ username, password })
          }}
        >
          <h1 id="login-title">LOGIN</h1>
          {setup.data?.needs_setup && (
            <Notice severity="warning">
              This Xinference cluster has no administrator yet, so nobody can sign in. Create the first one
              with Xinference's own set-up page at {cluster} (or <code>POST /v1/admin/setup</code> there),
              then sign in here.
            </Notice>
          )}
          {auth.isError && <Notice severity="error">{authCheckFailure(auth.error)}</Notice>}
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            required
            autoFocus
            value={username}
            onChange={setUsername}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
          />
          <Button type="submit" variant="contained" className="login-submit" loading={login.isPending}>
            Sign In
          </Button>
        </form>
      </main>
    </div>
  )
}
