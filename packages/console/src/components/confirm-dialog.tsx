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

/** SPEC §8's delete confirmations: titled Warning, answered yes or no. */
export function ConfirmDialog({ open, text, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT()
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{t('common.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
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
