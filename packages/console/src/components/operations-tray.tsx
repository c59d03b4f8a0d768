import { api, scopesOf, type DownloadTask, type Launch } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { MessageId } from '../i18n/catalogue'
import { useT } from '../i18n/react'
import { mayOpen } from '../lib/auth'
import { DOWNLOAD_STATE_TEXT, downloadsQuery, isUnfinished } from '../lib/downloads'
import { inFlight, launchesQuery, useDismissLaunch } from '../lib/launches'
import { pollDelay } from '../lib/polling'
import { routes } from '../lib/routes'
import { useServerFeature } from '../lib/server-features'
import { runningModelsQuery } from '../lib/running-models'
import { dismissedOperationsStore, tokenCookie } from '../lib/storage'
import { Button } from './button'
import { FileDownloadOutlinedIcon } from './icons'
import { ProgressBar } from './progress-bar'
import { useCloseOutside } from './use-close-outside'
import './operations-tray.css'

/** A finished download stays in the tray a day at most, unless dismissed sooner. */
const FINISHED_SHOWN_S = 86_400
/** A launch that finished (its model running) stays an hour at most, unless dismissed sooner. */
const READY_SHOWN_S = 3600

const LAUNCH_STAGE: Record<Launch['stage'], MessageId> = {
  pending: 'shell.operations.launch.pending',
  downloading: 'shell.operations.launch.downloading',
  loading: 'shell.operations.launch.loading',
  failed: 'shell.operations.launch.failed',
  cancelled: 'shell.operations.launch.cancelled',
  unloaded: 'shell.operations.launch.unloaded',
}

const percentOf = (task: DownloadTask) => {
  const file = task.files[0]
  return file?.size ? Math.min(100, Math.round((file.done / file.size) * 100)) : 0
}

/**
 * The operations tray, in every screen's header: the launches and downloads under way with their progress, each
 * linking to its place; failed and finished ones stay with their outcome until dismissed. All of it read from the
 * server (docs/downloads.md), so navigation and a reload keep it; with nothing to tell, it says so when opened.
 */
export function OperationsTray() {
  const t = useT()
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  useCloseOutside(root, open, close)
  const [dismissed, setDismissed] = useState(() => dismissedOperationsStore.get())
  const mayListModels = mayOpen(scopesOf(api.listLaunches))
  const launches = useQuery({ ...launchesQuery, enabled: mayListModels })
  const launching = launches.data?.some(inFlight) === true
  // A launch that finished is a model running since: listed as ready for an hour, read each second while one
  // launches (so it shows as soon as it is up).
  const running = useQuery({
    ...runningModelsQuery(tokenCookie.get()),
    enabled: mayListModels,
    refetchInterval: (query) => pollDelay(launching ? 1000 : 30_000, query.state.error),
  })
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
      dismissed[`download:${task.cache_uid}`] !== task.updated_at &&
      (isUnfinished(task) ||
        task.state === 'paused' ||
        task.state === 'failed' ||
        (task.state === 'completed' && now - task.updated_at < FINISHED_SHOWN_S)),
  )
  const readAt = running.dataUpdatedAt / 1000
  const readyList = (running.data ?? []).filter((model) => {
    const created = typeof model.created === 'number' ? model.created : null
    return created !== null && readAt - created < READY_SHOWN_S && dismissed[`launch:${model.id}`] !== created
  })
  const underWay = launchList.filter(inFlight).length + downloadList.filter(isUnfinished).length
  // Always there for whoever may list either: a button that came and went would move the header (and on a phone,
  // the page under it) as the lists arrive.
  if (!mayListModels && !withDownloads) return null
  const nothing = launchList.length + readyList.length + downloadList.length === 0

  const dismiss = (key: string, at: number) => {
    dismissedOperationsStore.add(key, at)
    setDismissed(dismissedOperationsStore.get())
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
        {nothing && <p className="muted">{t('shell.operations.none')}</p>}
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
          {readyList.map((model) => (
            <li key={`ready:${model.id}`}>
              <Link to={routes.runningModels.href(model.model_type)} onClick={close}>
                {model.id}
              </Link>
              <span className="operations-tray-state">{t('shell.operations.launch.ready')}</span>
              <Button size="small" onClick={() => dismiss(`launch:${model.id}`, Number(model.created))}>
                {t('shell.operations.dismiss')}
              </Button>
            </li>
          ))}
          {downloadList.map((task) => (
            <li key={`download:${task.cache_uid}`}>
              <Link to={routes.system.href('cache')} onClick={close}>
                {task.cache_uid}
              </Link>
              <span className="operations-tray-state">{t(DOWNLOAD_STATE_TEXT[task.state])}</span>
              {isUnfinished(task) ? (
                <ProgressBar
                  label={t('shell.operations.progress', { name: task.cache_uid })}
                  percent={percentOf(task)}
                />
              ) : (
                <Button size="small" onClick={() => dismiss(`download:${task.cache_uid}`, task.updated_at)}>
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
