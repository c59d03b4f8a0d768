import { api, scopesOf, type DownloadTask, type Launch } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { MessageId } from '../i18n/catalogue'
import { useT } from '../i18n/react'
import { mayOpen } from '../lib/auth'
import { downloadsQuery, isUnfinished } from '../lib/downloads'
import { inFlight, launchesQuery, useDismissLaunch } from '../lib/launches'
import { pollDelay } from '../lib/polling'
import { routes } from '../lib/routes'
import { useServerFeature } from '../lib/server-features'
import { dismissedDownloadsStore } from '../lib/storage'
import { Button } from './button'
import { FileDownloadOutlinedIcon } from './icons'
import { ProgressBar } from './progress-bar'
import { useCloseOutside } from './use-close-outside'
import './operations-tray.css'

/** A finished download stays in the tray a day at most, unless dismissed sooner. */
const FINISHED_SHOWN_S = 86_400

const LAUNCH_STAGE: Record<Launch['stage'], MessageId> = {
  pending: 'shell.operations.launch.pending',
  downloading: 'shell.operations.launch.downloading',
  loading: 'shell.operations.launch.loading',
  failed: 'shell.operations.launch.failed',
  cancelled: 'shell.operations.launch.cancelled',
  unloaded: 'shell.operations.launch.unloaded',
}
const DOWNLOAD_STATE: Record<DownloadTask['state'], MessageId> = {
  queued: 'launch.download.state.queued',
  downloading: 'launch.download.state.downloading',
  paused: 'launch.download.state.paused',
  failed: 'launch.download.state.failed',
  completed: 'launch.download.state.completed',
  cancelled: 'launch.download.state.cancelled',
}

const percentOf = (task: DownloadTask) => {
  const file = task.files[0]
  return file?.size ? Math.min(100, Math.round((file.done / file.size) * 100)) : 0
}

/**
 * The operations tray, in every screen's header: the launches and downloads under way with their progress, each
 * linking to its place; failed and finished ones stay with their outcome until dismissed. All of it read from the
 * server (docs/downloads.md), so navigation and a reload keep it; nothing shows while there is nothing to tell.
 */
export function OperationsTray() {
  const t = useT()
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  useCloseOutside(root, open, close)
  const [dismissed, setDismissed] = useState(() => dismissedDownloadsStore.get())
  const launches = useQuery({ ...launchesQuery, enabled: mayOpen(scopesOf(api.listLaunches)) })
  const withDownloads = useServerFeature('downloads') && mayOpen(scopesOf(api.listDownloads))
  const downloads = useQuery({
    ...downloadsQuery,
    enabled: withDownloads,
    // Idle, the tray reads less often than the screens showing downloads.
    refetchInterval: (query) =>
      pollDelay(query.state.data?.downloads.some(isUnfinished) ? 1000 : 15_000, query.state.error),
  })
  const dismissLaunch = useDismissLaunch()

  // "Now" is when the list was read: the render stays pure.
  const now = downloads.dataUpdatedAt / 1000
  const launchList = launches.data ?? []
  // A cancelled download was the user's own doing: it leaves the tray at once.
  const downloadList = (downloads.data ?? []).filter(
    (task) =>
      dismissed[task.cache_uid] !== task.updated_at &&
      (isUnfinished(task) ||
        task.state === 'paused' ||
        task.state === 'failed' ||
        (task.state === 'completed' && now - task.updated_at < FINISHED_SHOWN_S)),
  )
  const underWay = launchList.filter(inFlight).length + downloadList.filter(isUnfinished).length
  if (launchList.length + downloadList.length === 0) return null

  const dismissDownload = (task: DownloadTask) => {
    dismissedDownloadsStore.add(task.cache_uid, task.updated_at)
    setDismissed(dismissedDownloadsStore.get())
  }
  return (
    <div
      className="operations-tray"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          setOpen(false)
          root.current?.querySelector('button')?.focus()
        }
      }}
    >
      <button
        type="button"
        className="operations-tray-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <FileDownloadOutlinedIcon fontSize="small" />
        {t('shell.operations.button', { count: underWay })}
      </button>
      <div id={panelId} className="operations-tray-panel surface" hidden={!open}>
        <h2 className="operations-tray-title">{t('shell.operations.title')}</h2>
        <ul className="operations-tray-list">
          {launchList.map((launch) => (
            <li key={`launch:${launch.model_uid}`}>
              <Link to={routes.runningModels.href(launch.model_type)} onClick={close}>
                {launch.model_uid}
              </Link>
              <span className="operations-tray-state">{t(LAUNCH_STAGE[launch.stage])}</span>
              {inFlight(launch) ? (
                <ProgressBar
                  label={t('shell.operations.progress', { name: launch.model_uid })}
                  percent={Math.round(launch.progress * 100)}
                />
              ) : (
                <Button size="small" onClick={() => dismissLaunch.mutate(launch.model_uid)}>
                  {t('shell.operations.dismiss')}
                </Button>
              )}
            </li>
          ))}
          {downloadList.map((task) => (
            <li key={`download:${task.cache_uid}`}>
              <Link to={routes.system.href('cache')} onClick={close}>
                {task.cache_uid}
              </Link>
              <span className="operations-tray-state">{t(DOWNLOAD_STATE[task.state])}</span>
              {isUnfinished(task) ? (
                <ProgressBar
                  label={t('shell.operations.progress', { name: task.cache_uid })}
                  percent={percentOf(task)}
                />
              ) : (
                <Button size="small" onClick={() => dismissDownload(task)}>
                  {t('shell.operations.dismiss')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
