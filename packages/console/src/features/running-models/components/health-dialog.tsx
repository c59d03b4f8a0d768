import type { RunningModel } from '@serving-console/contract'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { Button } from '../../../components/button'
import { Notice } from '../../../components/notice'
import { useT } from '../../../i18n/react'
import { ApiError } from '../../../lib/api-client'
import { useServerFeature } from '../../../lib/server-features'
import { unhealthy, useRestartModel } from '../api/health'
import './health-dialog.css'

/**
 * What happened to a model with replicas down: how many are up, the reason its log gives, a restart of the
 * failed ones (on the platform) and the way to its log. Follows the row as the list is read again; closes once the model is well.
 */
export function HealthDialog({
  row,
  onClose,
  onLogs,
}: {
  row: RunningModel
  onClose: () => void
  onLogs?: (() => void) | undefined
}) {
  const t = useT()
  const restart = useRestartModel()
  // A cluster's console shows its health; restarting replicas is the platform's own.
  const canRestart = useServerFeature('model_restart')
  const health = row.health
  if (!health) return null
  const failure = restart.error instanceof ApiError ? restart.error.detail : restart.error?.message
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={onClose} aria-labelledby="health-title">
      <DialogTitle id="health-title">{t('running.health.title', { uid: row.id })}</DialogTitle>
      <DialogContent>
        <p className="health-replicas">
          {t('running.health.replicasUp', { ready: health.ready_replicas, replicas: health.replicas })}
        </p>
        {health.reason && (
          <pre className="health-reason" aria-label={t('running.health.reason')}>
            {health.reason}
          </pre>
        )}
        {failure && (
          <Notice severity="error" role="alert">
            {t('running.health.restartFailed', { reason: failure })}
          </Notice>
        )}
      </DialogContent>
      <DialogActions>
        {onLogs && <Button onClick={onLogs}>{t('running.health.showLog')}</Button>}
        <Button onClick={onClose}>{t('common.close')}</Button>
        {canRestart && unhealthy(health) && (
          <Button
            variant="contained"
            loading={restart.isPending}
            onClick={() =>
              restart.mutate(row.id, { onSuccess: (answer) => !unhealthy(answer.health) && onClose() })
            }
          >
            {restart.isPending ? t('running.health.restarting') : t('running.health.restart')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
