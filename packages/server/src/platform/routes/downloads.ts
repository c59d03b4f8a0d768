import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { DownloadTasks } from '../download/download-tasks.js'
import { serve } from '../../http/serve.js'

/** Downloads without a launch (docs/downloads.md), at Xinference's "Download only" paths. */
export async function downloadRoutes(app: FastifyInstance, options: { tasks: DownloadTasks }) {
  const { tasks } = options
  serve(app, api.startDownload, async (request, reply) => {
    const { task, created } = tasks.start(request.body)
    return reply.code(created ? 201 : 200).send(task)
  })
  serve(app, api.listDownloads, () => ({ downloads: tasks.list() }))
  serve(app, api.getDownload, (request) => tasks.get(request.params.cache_uid))
  serve(app, api.pauseDownload, (request) => tasks.pause(request.params.cache_uid))
  serve(app, api.resumeDownload, (request) => tasks.resume(request.params.cache_uid))
  serve(app, api.cancelDownload, (request) => tasks.cancel(request.params.cache_uid))
}
