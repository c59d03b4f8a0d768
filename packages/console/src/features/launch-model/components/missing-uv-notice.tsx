import { Button } from '../../../components/button'
import { Notice } from '../../../components/notice'
import { useT } from '../../../i18n/react'

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
  const t = useT()
  if (engineNeedsIt) {
    return <Notice severity="warning">{t('launch.uv.engineMissing', { engine })}</Notice>
  }
  if (!canLaunchWithout) {
    return <Notice severity="warning">{t('launch.uv.missing')}</Notice>
  }
  return (
    <Notice
      severity="warning"
      action={
        <Button color="inherit" size="small" disabled={disabled} onClick={onRetry}>
          {t('launch.uv.launchWithout.action')}
        </Button>
      }
    >
      {t('launch.uv.launchWithout', { engine })}
    </Notice>
  )
}
