import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useId, type ReactNode } from 'react'
import { Button } from '../../components/button'
import { Notice } from '../../components/notice'
import { useT } from '../../i18n/react'
import { failureText } from './failure'
import './system.css'

interface SystemDialogProps {
  title: string
  /** The submit button's label. */
  submitLabel: string
  onSubmit: () => void
  onClose: () => void
  /** What the form sends: busy while it is pending; the server's refusal of the last try, shown above the buttons. */
  change: { isPending: boolean; error: unknown }
  children: ReactNode
}

/** A form in a dialog, titled, with Cancel and its submit button; Enter in a field submits. */
export function SystemDialog({ title, submitLabel, onSubmit, onClose, change, children }: SystemDialogProps) {
  const t = useT()
  const busy = change.isPending
  const error = change.error
  const titleId = useId()
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={onClose} aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!busy) onSubmit()
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <div className="system-dialog-fields">{children}</div>
          {error ? (
            <Notice severity="error" role="alert" className="system-dialog-error">
              {failureText(error)}
            </Notice>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
