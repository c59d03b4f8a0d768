import type { DownloadTask } from '@serving-console/contract'
import { Button } from './button'
import './launch-progress.css'
import { ProgressBar } from './progress-bar'
import './surface.css'
import { currentIntl } from '../i18n/i18n'
import { useT } from '../i18n/react'
import { formatBytes } from '../lib/format'
import { DOWNLOAD_STATE_TEXT, useDownloadAction } from '../lib/downloads'

/**
 * A Download only task of the model the drawer shows (docs/downloads.md): its state, bytes, speed and time left,
 * the reason it failed; Pause, Resume and Cancel. It goes on with the drawer closed, and after a restart.
 */
export function DownloadProgress({ task, named = false }: { task: DownloadTask; named?: boolean }) {
  const t = useT()
  const pause = useDownloadAction('pause')
  const resume = useDownloadAction('resume')
  const cancel = useDownloadAction('cancel')
  const file = task.files[0]
  const size = file?.size ?? null
  const done = file?.done ?? 0
  const percent = size ? Math.min(100, Math.round((done / size) * 100)) : 0
  const active = task.state === 'queued' || task.state === 'downloading'
  // Its hub did not answer: the server tries again by itself at `retry_at`, or now when asked.
  const waiting = task.state === 'queued' && task.retry_at !== null
  return (
    <section
      className="surface launch-progress"
      aria-label={t('launch.download.label', { version: task.cache_uid })}
    >
      <div className="launch-progress-text">
        <p className="launch-progress-title">
          {named && `${task.model_name} · `}
          {task.model_size_in_billions === null
            ? task.quantization
            : `${String(task.model_size_in_billions).replace('_', '.')}B · ${task.quantization}`}{' '}
          <span className="muted">{t(DOWNLOAD_STATE_TEXT[task.state])}</span>
        </p>
        <ProgressBar label={t('launch.download.bar', { version: task.cache_uid })} percent={percent} />
        <p className="launch-progress-download muted">
          {size === null
            ? t('launch.download.bytes', { done: formatBytes(done) })
            : t('launch.download.bytesOf', { done: formatBytes(done), size: formatBytes(size) })}
          {file && task.state === 'downloading' && file.speed > 0
            ? ` · ${t('launch.download.speed', {
                speed: formatBytes(file.speed),
                minutes: Math.ceil((file.eta_seconds ?? 0) / 60),
              })}`
            : ''}
        </p>
        {task.reason && <p className="launch-progress-download">{task.reason}</p>}
        {waiting && (
          <p className="launch-progress-download">
            {t('launch.download.retryAt', {
              time: currentIntl().formatDate((task.retry_at ?? 0) * 1000, { timeStyle: 'short' }),
            })}
          </p>
        )}
      </div>
      {active && (
        <Button variant="outlined" onClick={() => pause.mutate(task.cache_uid)}>
          {t('launch.download.pause')}
        </Button>
      )}
      {(task.state === 'paused' || task.state === 'failed' || waiting) && (
        <Button variant="outlined" onClick={() => resume.mutate(task.cache_uid)}>
          {t(waiting ? 'launch.download.retryNow' : 'launch.download.resume')}
        </Button>
      )}
      {(active || task.state === 'paused' || task.state === 'failed') && (
        <Button color="error" variant="outlined" onClick={() => cancel.mutate(task.cache_uid)}>
          {t('launch.download.cancel')}
        </Button>
      )}
    </section>
  )
}
