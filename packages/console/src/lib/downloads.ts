import {
  api,
  type DownloadRequest,
  type DownloadState,
  type DownloadTask,
  type LaunchRequest,
} from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import type { MessageId } from '../i18n/catalogue'
import { apiMutation, apiQuery } from './api-query'
import { pollDelay } from './polling'

/** How a task's state is said, wherever a task is shown (the drawer, Model Cache, the tray). */
export const DOWNLOAD_STATE_TEXT: Record<DownloadState, MessageId> = {
  queued: 'launch.download.state.queued',
  downloading: 'launch.download.state.downloading',
  paused: 'launch.download.state.paused',
  failed: 'launch.download.state.failed',
  completed: 'launch.download.state.completed',
  cancelled: 'launch.download.state.cancelled',
}

/** A task still on its way: read again every second while one is shown. */
export const isUnfinished = (task: DownloadTask) => task.state === 'queued' || task.state === 'downloading'

/**
 * `GET /api/v1/cache/downloads`: the download tasks, read again every second while one is unfinished, else every 5 s
 * (a task started elsewhere shows too), while a screen shows them.
 */
export const downloadsQuery = apiQuery(api.listDownloads, undefined, undefined, {
  select: (answer) => answer.downloads,
  refetchInterval: (query) =>
    pollDelay(query.state.data?.downloads.some(isUnfinished) ? 1000 : 5000, query.state.error),
})

/** What Download only sends of a launch's payload: which files, from which hub. */
export const downloadOf = (payload: LaunchRequest): DownloadRequest => ({
  model_name: payload.model_name,
  model_type: payload.model_type,
  model_format: payload.model_format,
  model_size_in_billions: payload.model_size_in_billions,
  quantization: payload.quantization,
  download_hub: payload.download_hub,
})

/** `POST /api/v1/cache/models`: starts (or joins) the download; the list is read again. */
export const useStartDownload = () =>
  useMutation(
    apiMutation(api.startDownload, {
      send: (request: DownloadRequest) => ({ params: undefined, body: request }),
      invalidates: [api.listDownloads, api.getCacheDisk],
    }),
  )

const ACTIONS = { pause: api.pauseDownload, resume: api.resumeDownload, cancel: api.cancelDownload }

/** Pause, resume or cancel a task by its cache uid; the tasks and the cache are read again. */
export const useDownloadAction = (action: keyof typeof ACTIONS) =>
  useMutation(
    apiMutation(ACTIONS[action], {
      send: (cacheUid: string) => ({ params: { cache_uid: cacheUid } }),
      invalidates: [api.listDownloads, api.listCachedVersions, api.getCacheDisk],
    }),
  )
