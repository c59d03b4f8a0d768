import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useT } from '../i18n/react'
import { Button } from './button'

interface ConfirmDialogProps {
  open: boolean
  text: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * SPEC §8's delete confirmations: titled Warning, answered yes or no. The question is the dialog's description, so
 * a screen reader reads it with the title when the dialog opens; Escape answers no, and the focus goes back.
 */
export function ConfirmDialog({ open, text, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT()
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-text"
    >
      <DialogTitle id="confirm-dialog-title">{t('common.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.confirm.no')}</Button>
        <Button onClick={onConfirm} color="error" variant="contained" autoFocus>
          {t('common.confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
