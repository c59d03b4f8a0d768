import type { MessageId } from '../i18n/catalogue'
import { useT } from '../i18n/react'
import { formatBytes } from '../lib/format'
import type { Launch } from '../lib/launches'
import { Button } from './button'
import { ProgressBar } from './progress-bar'
import './launch-progress.css'
import './surface.css'

const STAGE: Record<Launch['stage'], MessageId> = {
  pending: 'common.launchProgress.stage.pending',
  downloading: 'common.launchProgress.stage.downloading',
  loading: 'common.launchProgress.stage.loading',
  failed: 'common.launchProgress.stage.failed',
  cancelled: 'common.launchProgress.stage.cancelled',
  unloaded: 'common.launchProgress.stage.unloaded',
}

function downloadText(launch: Launch, t: ReturnType<typeof useT>): string | null {
  const download = launch.download
  if (!download || launch.stage !== 'downloading') return null
  const values = {
    name: download.name,
    downloaded: formatBytes(download.downloaded_bytes),
    speed: formatBytes(download.speed_bytes_per_second),
  }
  return download.total_bytes
    ? t('common.launchProgress.downloadOf', { ...values, total: formatBytes(download.total_bytes) })
    : t('common.launchProgress.download', values)
}

/**
 * A launch in flight: its stage, progress and download, with Cancel — which stays in its place, described by the
 * line saying why, for a user who may not stop models (`cancelDeniedBy`: that line's id).
 */
export function LaunchProgress({
  launch,
  onCancel,
  cancelDeniedBy,
}: {
  launch: Launch
  onCancel: () => void
  cancelDeniedBy?: string | undefined
}) {
  const t = useT()
  const download = downloadText(launch, t)
  const percent = Math.round(launch.progress * 100)
  return (
    <section
      className="surface launch-progress"
      aria-label={t('common.launchProgress.label', { uid: launch.model_uid })}
    >
      <div className="launch-progress-text">
        <p className="launch-progress-title">
          {launch.model_uid}{' '}
          <span className="muted">
            {t('common.launchProgress.status', { stage: t(STAGE[launch.stage]), percent })}
          </span>
        </p>
        <ProgressBar label={t('common.launchProgress.bar', { uid: launch.model_uid })} percent={percent} />
        {download && <p className="launch-progress-download muted">{download}</p>}
      </div>
      <Button
        color="error"
        variant="outlined"
        aria-disabled={cancelDeniedBy ? true : undefined}
        aria-describedby={cancelDeniedBy}
        onClick={cancelDeniedBy ? undefined : onCancel}
      >
        {t('common.cancel')}
      </Button>
    </section>
  )
}
