import { CacheDeleteQuery, CacheDeleteResponse, CacheDisk, CacheList, CacheListQuery } from '../cache.js'
import { CacheUidParams, DownloadList, DownloadRequest, DownloadTask } from '../downloads.js'
import { route } from './route.js'

/** The model cache: a model's cached versions. */
export const listCachedVersions = route({
  method: 'GET',
  path: '/api/v1/cache/models',
  summary: "A model's cached versions",
  query: CacheListQuery,
  answers: { 200: CacheList },
  access: 'cache:list',
  audit: 'admin',
})
export const getCacheDisk = route({
  method: 'GET',
  path: '/api/v1/cache/disk',
  summary:
    "The cache's folders (finished and half-done) with their size and users, and its disk's free space",
  answers: { 200: CacheDisk },
  access: 'cache:list',
  audit: 'admin',
})
export const deleteCachedVersion = route({
  method: 'DELETE',
  path: '/api/v1/cache/models',
  summary: 'Remove a cached version, or the half-done files of one no download is writing',
  query: CacheDeleteQuery,
  answers: { 200: CacheDeleteResponse },
  access: 'cache:delete',
  audit: 'admin',
})

/** Downloads without a launch (docs/downloads.md), at Xinference's "Download only" paths. */
export const startDownload = route({
  method: 'POST',
  path: '/api/v1/cache/models',
  summary:
    "Download a model's files into the cache without launching it (joins one running for the same files)",
  body: DownloadRequest,
  answers: { 200: DownloadTask, 201: DownloadTask },
  access: 'models:start',
  audit: 'admin',
})
export const listDownloads = route({
  method: 'GET',
  path: '/api/v1/cache/downloads',
  summary: 'The download tasks: queued, running, paused, failed and the last finished',
  answers: { 200: DownloadList },
  access: 'cache:list',
  audit: 'admin',
})
export const getDownload = route({
  method: 'GET',
  path: '/api/v1/cache/models/:cache_uid/progress',
  summary: "A download task's state and each file's progress",
  params: CacheUidParams,
  answers: { 200: DownloadTask },
  access: 'cache:list',
  audit: 'admin',
})
export const pauseDownload = route({
  method: 'POST',
  path: '/api/v1/cache/models/:cache_uid/pause',
  summary: 'Pause a download, keeping what it has',
  params: CacheUidParams,
  answers: { 200: DownloadTask },
  access: 'models:start',
  audit: 'admin',
})
export const resumeDownload = route({
  method: 'POST',
  path: '/api/v1/cache/models/:cache_uid/resume',
  summary: 'Resume a paused or failed download from where it stopped',
  params: CacheUidParams,
  answers: { 200: DownloadTask },
  access: 'models:start',
  audit: 'admin',
})
export const cancelDownload = route({
  method: 'POST',
  path: '/api/v1/cache/models/:cache_uid/cancel',
  summary: 'Cancel a download and remove its partial files',
  params: CacheUidParams,
  answers: { 200: DownloadTask },
  access: 'models:start',
  audit: 'admin',
})
