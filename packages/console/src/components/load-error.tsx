import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import { toastMessageFor } from '../lib/api-client'

/**
 * A list or screen that could not be loaded says so where its content would be — never as an empty list — with
 * the reason and a Retry.
 */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
      sx={{ my: 2 }}
    >
      <AlertTitle>{title}</AlertTitle>
      {toastMessageFor(error) ?? (error instanceof Error ? error.message : 'Unknown error')}
    </Alert>
  )
}
