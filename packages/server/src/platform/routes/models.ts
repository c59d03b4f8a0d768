import { api, type LaunchList, type LaunchProgress, type ReplicaList } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { keyReaches } from '../../admin/auth/api-keys.js'
import type { LaunchHistoryRepository } from '../db/launch-history.js'
import type { ModelManager } from '../runtime/model-manager.js'
import { modelRow } from '../runtime/model-row.js'
import type { RunningModel as Model } from '../runtime/running-model.js'
import { serve } from '../../http/serve.js'

function progressOf(model: Model | undefined): LaunchProgress {
  if (!model) return { progress: 0, stage: 'pending', download_files: [] }
  const download = model.download
  return {
    progress: model.progress,
    stage: model.stage,
    error: model.error,
    download_files: download
      ? [
          {
            ...download,
            progress: download.total_bytes ? download.downloaded_bytes / download.total_bytes : 0,
            eta_seconds:
              download.total_bytes && download.speed_bytes_per_second > 0
                ? (download.total_bytes - download.downloaded_bytes) / download.speed_bytes_per_second
                : null,
            status: model.stage === 'downloading' ? 'downloading' : 'done',
          },
        ]
      : [],
  }
}

function replicasOf(model: Model): ReplicaList {
  const replicas = model.workers.map((worker) => ({
    replica_id: worker.replicaId,
    replica_model_uid: `${model.uid}-${String(worker.replicaId)}`,
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
}

/** Launch, list, describe, follow, cancel and terminate models (upstream's /v1/models routes). */
export async function modelRoutes(
  app: FastifyInstance,
  options: { models: ModelManager; history: LaunchHistoryRepository },
) {
  const { models, history } = options

  serve(app, api.launchModel, async (request) => {
    const launched = await models.launch(request.body)
    // Its settings, to launch again from any browser (GET /v1/launch_history). The model runs whatever becomes
    // of the record: a failed write is logged, never the launch's answer.
    try {
      history.upsert(
        { model_name: request.body.model_name, model_uid: launched.model_uid, data: request.body },
        request.identity?.username ?? '',
      )
    } catch (error) {
      request.log.warn({ err: error }, `launch history of ${launched.model_uid} not recorded`)
    }
    return launched
  })
  // A key limited to some models lists only those: the others are not its business (not even their names).
  serve(app, api.listModels, (request) => {
    const key = request.identity?.key
    const listed = models.listed()
    const reached = key
      ? listed.filter((model) => keyReaches(key.permissions, { id: model.uid, type: model.plan.type }))
      : listed
    return { object: 'list' as const, data: reached.map(modelRow) }
  })

  serve(app, api.listLaunches, () =>
    models.launches().map((model) => ({
      model_uid: model.uid,
      model_name: model.plan.family.model_name,
      model_type: model.plan.type,
      replica: model.plan.replica,
      // Listed launches are never ready: ready models are running, not launching.
      stage: model.stage as LaunchList[number]['stage'],
      progress: model.progress,
      error: model.error,
      download: model.download,
      created: Math.floor(model.createdAt / 1000),
      ...(model.idleMinutes === null ? {} : { idle_minutes: model.idleMinutes }),
    })),
  )

  serve(app, api.getModel, (request) => modelRow(models.get(request.params.model_uid)))
  serve(app, api.terminateModel, async (request) => {
    await models.terminate(request.params.model_uid)
    return null
  })
  serve(app, api.getLaunchProgress, (request) => progressOf(models.find(request.params.model_uid)))
  serve(app, api.cancelLaunch, (request) => {
    models.cancel(request.params.model_uid)
    return null
  })
  serve(app, api.listReplicas, (request) => replicasOf(models.get(request.params.model_uid)))
  serve(app, api.restartModel, async (request) => modelRow(await models.restart(request.params.model_uid)))
  serve(app, api.getModelUsage, (request) => models.get(request.params.model_uid).usageHistory())
  serve(app, api.getModelLogs, (request) => {
    const model = models.get(request.params.model_uid)
    return { model_uid: model.uid, lines: model.log.tail(request.query.tail) }
  })
}
