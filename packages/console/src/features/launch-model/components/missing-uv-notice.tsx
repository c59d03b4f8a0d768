import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'

/**
 * A launch failed because the cluster's workers have no `uv` to build a virtual environment
 * (lib/upstream-errors.ts), and what to do next: for a language model whose engine the workers have, launch without
 * one (the LLM form's additional parameters carry `enable_virtual_env`); otherwise install uv on the workers, or
 * choose an engine they have.
 */
export function MissingUvNotice({
  engine,
  engineNeedsIt,
  canLaunchWithout,
  onRetry,
  disabled,
}: {
  engine: string
  engineNeedsIt: boolean
  canLaunchWithout: boolean
  onRetry: () => void
  disabled: boolean
}) {
  if (engineNeedsIt) {
    return (
      <Alert severity="warning">
        {engine} is not installed on the cluster's workers: Xinference installs it in a virtual environment,
        which needs uv on every worker (pip install uv). Install uv there, or choose an engine the workers
        have.
      </Alert>
    )
  }
  if (!canLaunchWithout) {
    return (
      <Alert severity="warning">
        The cluster's workers have no uv, which Xinference needs to build this model's virtual environment:
        install it on every worker (pip install uv).
      </Alert>
    )
  }
  return (
    <Alert
      severity="warning"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={disabled}
          onClick={onRetry}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Launch without it
        </Button>
      }
    >
      The cluster's workers have no uv, which Xinference uses to build a virtual environment for {engine}.
      Launching without one adds enable_virtual_env = false to the additional parameters.
    </Alert>
  )
}
