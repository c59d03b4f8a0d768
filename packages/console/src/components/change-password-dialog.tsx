import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useState } from 'react'
import { useT } from '../i18n/react'
import { Button } from './button'
import { ChangePasswordForm } from './change-password-form'
import { Notice } from './notice'
import './change-password.css'

/** The page header's "Change password": one's own, over the page; loaded when first opened. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const [changed, setChanged] = useState(false)
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">{t('shell.account.title')}</DialogTitle>
      <DialogContent>
        {changed ? (
          <Notice severity="success" role="status">
            {t('shell.account.changed')}
          </Notice>
        ) : (
          <ChangePasswordForm
            onChanged={() => setChanged(true)}
            secondary={<Button onClick={onClose}>{t('shell.account.cancel')}</Button>}
          />
        )}
      </DialogContent>
      {changed && (
        <DialogActions>
          <Button variant="contained" autoFocus onClick={onClose}>
            {t('shell.account.close')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  )
}
