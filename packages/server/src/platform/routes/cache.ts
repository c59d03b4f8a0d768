import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { ModelCache } from '../cache/model-cache.js'
import type { DownloadTasks } from '../download/download-tasks.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

export interface CacheRouteOptions {
  cache: ModelCache
  address: () => string
  /** The running models (launching included) whose files a model version is. */
  usedBy: (modelVersion: string) => string[]
  /** A download writing into a model version's folder now (a launch's or a task's). */
  downloading: (modelVersion: string) => boolean
  /** The download tasks: one that has not ended keeps its folder; a finished one goes with it. */
  tasks: Pick<DownloadTasks, 'unfinished' | 'forget'>
}

/**
 * The model cache: list a model's cached versions, its disk folder by folder, remove one. Paths are built only by
 * ModelCache.
 */
export async function cacheRoutes(app: FastifyInstance, options: CacheRouteOptions) {
  const { cache } = options
  serve(app, api.listCachedVersions, (request) => ({
    list: cache.entries(request.query.model_name).map(({ folder, files: _files, ...meta }) => ({
      ...meta,
      real_path: folder,
      path: folder,
      actor_ip_address: options.address(),
    })),
  }))

  serve(app, api.getCacheDisk, () => ({
    ...cache.disk(),
    folders: cache.folders().map((folder) => ({
      ...folder,
      bytes: folder.files.reduce((sum, file) => sum + file.bytes, 0),
      used_by: options.usedBy(folder.model_version),
      downloading: options.downloading(folder.model_version),
    })),
  }))

  // Refused while anything needs the files: a running model (its worker reads them), a download writing them, a
  // task that would resume into them (cancelling it removes them).
  serve(app, api.deleteCachedVersion, (request) => {
    const version = request.query.model_version
    cache.folder(version)
    const users = options.usedBy(version)
    if (users.length > 0)
      throw new HttpError(
        409,
        `${version} is used by the running model ${users.join(', ')}: terminate it first, then remove its files`,
      )
    if (options.downloading(version) || options.tasks.unfinished(version))
      throw new HttpError(
        409,
        `${version} is being downloaded: cancel its download instead (that removes its files)`,
      )
    cache.remove(version)
    options.tasks.forget(version)
    return { result: true }
  })
}
