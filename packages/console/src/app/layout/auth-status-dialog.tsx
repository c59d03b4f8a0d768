import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { Button } from '../../components/button'
import { useT } from '../../i18n/react'
import { missingPermission } from '../../lib/permission'
import { refusedPermission } from '../../lib/refused-permission'
import { SessionSignIn } from './session-sign-in'

interface AuthStatusDialogProps {
  title: string
  text: string
  /** A 403: beside SPEC's words, the permission the refused request needed (none where none would help). */
  refused: boolean
  onConfirm: () => void
  /** A 401 under a signed-in page: who was signed in, to sign in again without leaving it. */
  resume?: { username: string; onSignedIn: () => void } | undefined
}

/** What the auth dialog shows; loaded when it first opens. No onClose: backdrop clicks and Escape do nothing. */
export function AuthStatusDialog({ title, text, refused, onConfirm, resume }: AuthStatusDialogProps) {
  const t = useT()
  const needed = refused ? refusedPermission() : null
  const detail = needed ? missingPermission(needed) : undefined
  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      aria-labelledby="auth-dialog-title"
      aria-describedby={detail ? 'auth-dialog-text auth-dialog-detail' : 'auth-dialog-text'}
    >
      <DialogTitle id="auth-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="auth-dialog-text">{text}</DialogContentText>
        {detail && <DialogContentText id="auth-dialog-detail">{detail}</DialogContentText>}
        {resume && <SessionSignIn {...resume} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onConfirm} variant={resume ? 'outlined' : 'contained'} autoFocus={!resume}>
          {t('shell.authStatus.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
