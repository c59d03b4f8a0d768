import { apiPaths, LaunchRequest, LaunchResponse, RunningModelList } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ModelManager } from '../runtime/model-manager.js'
import type { ZodTypeProvider } from '../zod-type-provider.js'
import { specAndUpstream } from './paths.js'

const UidParams = z.object({ model_uid: z.string().min(1) })
const LogsQuery = z.object({ tail: z.coerce.number().int().min(0).max(2000).default(200) })

/** Launch, list, describe, follow, cancel and terminate models (upstream's /v1/models routes). */
export async function modelRoutes(app: FastifyInstance, options: { models: ModelManager }) {
  const { models } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()

  for (const url of specAndUpstream(apiPaths.models)) {
    typed.post(url, { schema: { body: LaunchRequest, response: { 200: LaunchResponse } } }, (request) =>
      models.launch(request.body),
    )
    typed.get(url, { schema: { response: { 200: RunningModelList } } }, () => ({
      object: 'list' as const,
      data: models.listed().map((model) => model.row()),
    }))
  }

  for (const url of specAndUpstream('/api/v1/models/launches')) {
    typed.get(url, () =>
      models.launches().map((model) => ({
        model_uid: model.uid,
        model_name: model.plan.family.model_name,
        model_type: model.plan.type,
        replica: model.plan.replica,
        stage: model.stage,
        progress: model.progress,
        error: model.error,
        download: model.download,
        created: Math.floor(model.createdAt / 1000),
      })),
    )
  }

  for (const url of specAndUpstream('/api/v1/models/:model_uid')) {
    typed.get(url, { schema: { params: UidParams } }, (request) => models.get(request.params.model_uid).row())
    typed.delete(url, { schema: { params: UidParams } }, async (request) => {
      await models.terminate(request.params.model_uid)
      return null
    })
  }

  for (const url of specAndUpstream('/api/v1/models/:model_uid/progress')) {
    typed.get(url, { schema: { params: UidParams } }, (request) => {
      const model = models.find(request.params.model_uid)
      if (!model) return { progress: 0, stage: 'pending', download_files: [], replicas: [] }
      return {
        progress: model.progress,
        stage: model.stage,
        error: model.error,
        download_files: model.download
          ? [
              {
                ...model.download,
                progress: model.download.total_bytes
                  ? model.download.downloaded_bytes / model.download.total_bytes
                  : 0,
                eta_seconds:
                  model.download.total_bytes && model.download.speed_bytes_per_second > 0
                    ? (model.download.total_bytes - model.download.downloaded_bytes) /
                      model.download.speed_bytes_per_second
                    : null,
                status: model.stage === 'downloading' ? 'downloading' : 'done',
              },
            ]
          : [],
      }
    })
  }

  for (const url of specAndUpstream('/api/v1/models/:model_uid/cancel')) {
    typed.post(url, { schema: { params: UidParams } }, (request) => {
      models.cancel(request.params.model_uid)
      return null
    })
  }

  for (const url of specAndUpstream('/api/v1/models/:model_uid/replicas')) {
    typed.get(url, { schema: { params: UidParams } }, (request) => {
      const model = models.get(request.params.model_uid)
      const replicas = model.workers.map((worker) => ({
        replica_id: worker.replicaId,
        replica_model_uid: `${model.uid}-${worker.replicaId}`,
        worker_address: model.address,
        status: worker.status,
        created_ts: Math.floor(worker.createdAt / 1000),
        error_message: worker.errorMessage,
      }))
      // A launch that failed before any worker started still says why.
      if (replicas.length === 0 && model.error) {
        return [
          {
            replica_id: 0,
            replica_model_uid: `${model.uid}-0`,
            worker_address: model.address,
            status: 'ERROR',
            created_ts: Math.floor(model.createdAt / 1000),
            error_message: model.error,
          },
        ]
      }
      return replicas
    })
  }

  for (const url of specAndUpstream('/api/v1/models/:model_uid/logs')) {
    typed.get(url, { schema: { params: UidParams, querystring: LogsQuery } }, (request) => {
      const model = models.get(request.params.model_uid)
      return { model_uid: model.uid, lines: model.log.tail(request.query.tail) }
    })
  }
}
