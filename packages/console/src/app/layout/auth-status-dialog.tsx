import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { Button } from '../../components/button'
import { useT } from '../../i18n/react'

interface AuthStatusDialogProps {
  title: string
  text: string
  onConfirm: () => void
}

/** What the auth dialog shows; loaded when it first opens. No onClose: backdrop clicks and Escape do nothing. */
export function AuthStatusDialog({ title, text, onConfirm }: AuthStatusDialogProps) {
  const t = useT()
  return (
    <Dialog open fullWidth maxWidth="md" aria-labelledby="auth-dialog-title">
      <DialogTitle id="auth-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onConfirm} variant="contained" autoFocus>
          {t('shell.authStatus.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
