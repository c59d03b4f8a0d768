import Alert from '@mui/material/Alert'
import Portal from '@mui/material/Portal'
import Snackbar from '@mui/material/Snackbar'
import type { SnackbarCloseReason } from '@mui/material/Snackbar'
import { CopyButton } from '../../components/copy-button'
import { readable } from '../../lib/upstream-errors'
import { AUTO_HIDE_MS } from './error-toast'

/**
 * SPEC §4 "Error toast": error severity, top centre, 10 s; click-away ignored. A cluster's error shows without
 * the actors' addresses it carries; Copy keeps the whole message.
 */
export function ErrorToastView({ message, onClose }: { message: string; onClose: () => void }) {
  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return
    onClose()
  }
  // In a portal of its own, created when it opens: an open drawer or dialog hides the rest of the page from
  // assistive technology, and the toast must not be part of that rest.
  return (
    <Portal>
      <Snackbar
        open
        autoHideDuration={AUTO_HIDE_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        onClose={close}
      >
        <Alert
          severity="error"
          variant="filled"
          onClose={close}
          sx={{ maxWidth: 720, wordBreak: 'break-word', alignItems: 'center' }}
        >
          {readable(message)}
          {readable(message) !== message && (
            <CopyButton text={message} label="Copy the full error" color="inherit" />
          )}
        </Alert>
      </Snackbar>
    </Portal>
  )
}
