import { formatBytes } from '../lib/format'
import type { Launch } from '../lib/launches'
import { Button } from './button'
import './launch-progress.css'
import './surface.css'

const STAGE: Record<Launch['stage'], string> = {
  pending: 'Preparing',
  downloading: 'Downloading',
  loading: 'Loading',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

function downloadText(launch: Launch): string | null {
  const download = launch.download
  if (!download || launch.stage !== 'downloading') return null
  const total = download.total_bytes ? ` of ${formatBytes(download.total_bytes)}` : ''
  return `${download.name}: ${formatBytes(download.downloaded_bytes)}${total} at ${formatBytes(download.speed_bytes_per_second)}/s`
}

/** A launch in flight: its stage, progress and download, with Cancel. */
export function LaunchProgress({ launch, onCancel }: { launch: Launch; onCancel: () => void }) {
  const download = downloadText(launch)
  const percent = Math.round(launch.progress * 100)
  return (
    <section className="surface launch-progress" aria-label={`Launching ${launch.model_uid}`}>
      <div className="launch-progress-text">
        <p className="launch-progress-title">
          {launch.model_uid}{' '}
          <span className="muted">
            · {STAGE[launch.stage]} · {percent} %
          </span>
        </p>
        <div
          className="progress-bar"
          role="progressbar"
          aria-label={`${launch.model_uid} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${String(percent)}%` }} />
        </div>
        {download && <p className="launch-progress-download muted">{download}</p>}
      </div>
      <Button color="error" variant="outlined" onClick={onCancel}>
        Cancel
      </Button>
    </section>
  )
}
