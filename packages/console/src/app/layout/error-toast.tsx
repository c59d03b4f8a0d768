import { Alert, Snackbar, type SnackbarCloseReason } from '@mui/material'
import { useAppState } from '../../lib/app-state'

/** SPEC §4 "Error toast": error severity, top centre, 10 s, clears the message on close; click-away ignored. */
export function ErrorToast() {
  const { errorMsg, setErrorMsg } = useAppState()
  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return
    setErrorMsg('')
  }
  return (
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
  )
}
