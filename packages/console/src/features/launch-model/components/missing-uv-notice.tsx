import { Button } from '../../../components/button'
import { Notice } from '../../../components/notice'

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
      <Notice severity="warning">
        {engine} is not installed on the cluster's workers: Xinference installs it in a virtual environment,
        which needs uv on every worker (pip install uv). Install uv there, or choose an engine the workers
        have.
      </Notice>
    )
  }
  if (!canLaunchWithout) {
    return (
      <Notice severity="warning">
        The cluster's workers have no uv, which Xinference needs to build this model's virtual environment:
        install it on every worker (pip install uv).
      </Notice>
    )
  }
  return (
    <Notice
      severity="warning"
      action={
        <Button color="inherit" size="small" disabled={disabled} onClick={onRetry}>
          Launch without it
        </Button>
      }
    >
      The cluster's workers have no uv, which Xinference uses to build a virtual environment for {engine}.
      Launching without one adds enable_virtual_env = false to the additional parameters.
    </Notice>
  )
}
