import Alert from '@mui/material/Alert'
import Portal from '@mui/material/Portal'
import Snackbar from '@mui/material/Snackbar'
import type { SnackbarCloseReason } from '@mui/material/Snackbar'
import { useAppState } from '../../lib/app-state'

/** SPEC §4 "Error toast": error severity, top centre, 10 s, clears the message on close; click-away ignored. */
export function ErrorToast() {
  const { errorMsg, setErrorMsg } = useAppState()
  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return
    setErrorMsg('')
  }
  // In a portal of its own, created when it opens: an open drawer or dialog hides the rest of the page from
  // assistive technology, and the toast must not be part of that rest.
  if (errorMsg === '') return null
  return (
    <Portal>
      <Snackbar
        open={errorMsg !== ''}
        autoHideDuration={10000}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        onClose={close}
      >
        <Alert
          severity="error"
          variant="filled"
          onClose={close}
          sx={{ maxWidth: 720, wordBreak: 'break-word' }}
        >
          {errorMsg}
        </Alert>
      </Snackbar>
    </Portal>
  )
}
