import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useState } from 'react'
import { useT } from '../i18n/react'
import { Button } from './button'
import { ChangePasswordForm } from './change-password-form'
import { useSignOutEverywhere } from '../lib/sign-out-everywhere'
import { Notice } from './notice'
import './change-password.css'

/**
 * The page header's "Change password": one's own, over the page, and signing out everywhere (every session of the
 * user ends, this one too: `onSignedOut` takes this page to Login); loaded when first opened.
 */
export function ChangePasswordDialog({
  onClose,
  onSignedOut,
}: {
  onClose: () => void
  onSignedOut: () => void
}) {
  const t = useT()
  const [changed, setChanged] = useState(false)
  const everywhere = useSignOutEverywhere(onSignedOut)
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
        <div className="change-password-everywhere">
          <p className="muted">{t('shell.account.everywhereText')}</p>
          <Button variant="outlined" disabled={everywhere.isPending} onClick={() => everywhere.mutate()}>
            {t('shell.account.everywhere')}
          </Button>
        </div>
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
