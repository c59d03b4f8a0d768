import type { ModelHealth, ModelLoad, RunningModel as RunningModelRow } from '@serving-console/contract'
import { ENGINE } from './capabilities.js'
import type { RunningModel } from './running-model.js'
import type { WorkerProcess } from './worker-process.js'

/** A model's health, from its replicas and their load; the reason is what its log says of the replicas down. */
export function healthOf(workers: readonly WorkerProcess[], load: ModelLoad): ModelHealth {
  const down = workers.filter((worker) => worker.status !== 'READY')
  const ready = workers.length - down.length
  const reason =
    down
      .map((worker) => `replica ${worker.replicaId}: ${worker.errorMessage ?? worker.status.toLowerCase()}`)
      .join('; ') || null
  const state =
    ready === 0 ? 'failed' : down.length > 0 ? 'degraded' : load.serving >= load.capacity ? 'busy' : 'ready'
  return { state, ready_replicas: ready, replicas: workers.length, reason }
}

/**
 * A running model as `GET /api/v1/models` lists it: upstream's row, plus what this platform alone reports — its
 * places and load, its health, its usage since it was ready and, with an `idle_ttl`, when it unloads.
 */
export function modelRow(model: RunningModel): RunningModelRow {
  const { family, spec, type, quantization, replica, parallel, idleTtlMs } = model.plan
  const load = model.loadRow()
  const { minutes: _minutes, ...usage } = model.usageHistory()
  return {
    id: model.uid,
    object: 'model',
    created: Math.floor(model.createdAt / 1000),
    owned_by: 'serving-console',
    model_type: type,
    model_name: family.model_name,
    address: model.address,
    accelerators: [],
    model_engine: ENGINE,
    model_format: spec.model_format,
    model_size_in_billions: spec.model_size_in_billions ?? null,
    quantization,
    replica,
    model_family: typeof family.model_family === 'string' ? family.model_family : family.model_name,
    context_length: typeof family.context_length === 'number' ? family.context_length : null,
    model_ability: Array.isArray(family.model_ability) ? (family.model_ability as string[]) : null,
    model_description: family.model_description ?? null,
    model_lang: Array.isArray(family.model_lang) ? (family.model_lang as string[]) : null,
    model_revision: spec.model_revision ?? null,
    n_parallel: parallel,
    load,
    health: healthOf(model.workers, load),
    usage,
    ...(idleTtlMs === null
      ? {}
      : { unloads_at: model.unloadsAt === null ? null : Math.ceil(model.unloadsAt / 1000) }),
    ...(type === 'embedding'
      ? { dimensions: family.dimensions, max_tokens: family.max_tokens, language: family.language }
      : {}),
  }
}
