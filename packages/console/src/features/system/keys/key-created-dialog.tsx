import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { CreatedKey } from '@serving-console/contract'
import { useId } from 'react'
import { Button } from '../../../components/button'
import { CopyButton } from '../../../components/copy-button'
import { Notice } from '../../../components/notice'
import { useT } from '../../../i18n/react'

/**
 * The new key's secret, the one time the server shows it: copied from here or lost (the server keeps only its
 * hash). A click beside the dialog does not close it; Done, or Escape, does.
 */
export function KeyCreatedDialog({ created, onClose }: { created: CreatedKey; onClose: () => void }) {
  const t = useT()
  const titleId = useId()
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose()
      }}
    >
      <DialogTitle id={titleId}>{t('system.keys.created.title')}</DialogTitle>
      <DialogContent>
        <Notice severity="warning">{t('system.keys.created.once', { name: created.name })}</Notice>
        <div className="system-secret">
          <code>{created.key}</code>
          <CopyButton text={created.key} label={t('system.keys.created.copy')} />
        </div>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('system.keys.created.done')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
