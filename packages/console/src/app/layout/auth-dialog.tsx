import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { routes } from '../../lib/routes'
import { authStatusStore, tokenCookie, type AuthStatus } from '../../lib/storage'

const TEXTS: Record<AuthStatus, { title: string; text: string }> = {
  '403': { title: 'Permission Error', text: 'You do not have permissions to do this!' },
  '401': { title: 'Authentication Error', text: 'Invalid credentials! Please login.' },
}

/** SPEC §4 "Auth status" and §8: opens on a recorded 401/403; only CONFIRMED closes it. */
export function AuthDialog() {
  const [status, setStatus] = useState<AuthStatus | null>(null)
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(() => {
    // A status left over from an earlier visit is stale: clear it first, then listen.
    authStatusStore.clear()
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
      tokenCookie.remove()
      queryClient.clear()
      void navigate(routes.login.href(), { replace: true })
    }
  }

  if (!status) return null
  const { title, text } = TEXTS[status]
  return (
    // No onClose: backdrop clicks and Escape do nothing.
    <Dialog open fullWidth maxWidth="md" aria-labelledby="auth-dialog-title">
      <DialogTitle id="auth-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={confirm} variant="contained" autoFocus>
          CONFIRMED
        </Button>
      </DialogActions>
    </Dialog>
  )
}
