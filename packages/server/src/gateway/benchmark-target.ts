import { api, href, upstreamPath } from '@serving-console/contract'
import type { BenchmarkModel, BenchmarkTarget } from '../platform/benchmark/benchmarks.js'
import { HttpError } from '../http/http-error.js'
import type { ProfileDetector } from './profile.js'
import type { Upstream, UpstreamJson } from './upstream.js'

/** A model's description and a cluster's node list are small; nothing far larger is read. */
const MAX_BYTES = 1024 * 1024

/** What of a running model's description the report keeps: its launch settings, as upstream names them. */
const LAUNCH_FIELDS = [
  'model_name',
  'model_type',
  'model_engine',
  'model_format',
  'model_size_in_billions',
  'quantization',
  'replica',
  'n_parallel',
  'context_length',
] as const

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const detailOf = (answer: UpstreamJson) =>
  isObject(answer.body) && typeof answer.body.detail === 'string'
    ? answer.body.detail
    : `HTTP ${answer.status}`

const sum = (nodes: Record<string, unknown>[], field: string) =>
  nodes.reduce((total, node) => total + (typeof node[field] === 'number' ? node[field] : 0), 0)

/**
 * A cluster's models, measured through the gateway (docs/benchmarks.md): a model is its description
 * (`GET /v1/models/{uid}`, asked with the starter's credential), the machine the cluster's workers together
 * (`/v1/cluster/info?detailed=true`; zeros, and no workers, where the cluster would not tell).
 */
export function clusterTarget(upstream: Upstream, profiles: ProfileDetector): BenchmarkTarget {
  return {
    model: async (uid, headers) => {
      const answer = await upstream.json('GET', upstreamPath(href(api.getModel, { model_uid: uid })), {
        authorization: headers.authorization,
        maxBytes: MAX_BYTES,
      })
      // Xinference says an unknown uid with 400 (1.x, 2.x) or 404 (3.x).
      if (answer.status === 400 || answer.status === 404) return null
      if (answer.status === 401 || answer.status === 403) throw new HttpError(answer.status, detailOf(answer))
      if (answer.status !== 200 || !isObject(answer.body))
        throw new HttpError(502, `The cluster did not describe ${uid}: ${detailOf(answer)}`)
      const body = answer.body
      const model: Record<string, unknown> = {}
      for (const field of LAUNCH_FIELDS) if (body[field] !== undefined) model[field] = body[field]
      if (typeof model.model_name !== 'string' || typeof model.model_type !== 'string')
        throw new HttpError(502, `The cluster's description of ${uid} names no model or type`)
      return model as BenchmarkModel
    },
    machine: async (_uid, headers) => {
      const answer = await upstream
        .json('GET', href(api.getClusterInfo, undefined, { detailed: true }), {
          authorization: headers.authorization,
          maxBytes: MAX_BYTES,
        })
        .catch(() => null)
      const nodes = Array.isArray(answer?.body) ? answer.body.filter(isObject) : []
      const workers = nodes.filter((node) => node.node_type !== 'Supervisor')
      return {
        cpus: sum(workers, 'cpu_count'),
        cpu_model: '',
        memory_bytes: sum(workers, 'mem_total'),
        gpu_count: sum(workers, 'gpu_count'),
        vram_bytes: sum(workers, 'gpu_vram_total'),
        workers: workers.length,
        cluster: `${upstream.address} (Xinference ${(await profiles.detect(headers.authorization)).version})`,
      }
    },
  }
}
