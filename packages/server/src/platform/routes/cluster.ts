import { api, type ServerFeatures } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { BuildInfo } from '../../build-info.js'
import { HISTORY_INTERVAL_MS } from '../cluster/resource-history.js'
import type { ResourceSampler } from '../cluster/resource-sampler.js'
import { serve } from '../../http/serve.js'

export interface ClusterOptions {
  authEnabled: boolean
  /** Who manages users here (see `ServerFeatures`). */
  administration: ServerFeatures['administration']
  sampler: ResourceSampler
  buildInfo: BuildInfo
  /** host:port this node answers at, as upstream ≥ v1.14 reports it. */
  address: () => string
}

/** Cluster routes. In embedded mode the cluster is this machine: one Supervisor and one Worker entry. */
export async function clusterRoutes(app: FastifyInstance, options: ClusterOptions) {
  serve(app, api.getClusterAuth, () => ({ auth: options.authEnabled }))

  serve(app, api.getClusterInfo, () => {
    const machine = options.sampler.current()
    const node = {
      ip_address: options.address(),
      cpu_count: machine.cpuCount,
      cpu_available: machine.cpuAvailable,
      mem_total: machine.memTotal,
      mem_available: machine.memAvailable,
      mem_used: machine.memTotal - machine.memAvailable,
    }
    // As upstream: the supervisor reports no GPUs of its own; the worker holds the machine's GPUs.
    return [
      { node_type: 'Supervisor', ...node, gpu_count: 0, gpu_vram_total: 0, gpu_vram_available: 0 },
      {
        node_type: 'Worker',
        ...node,
        gpu_count: machine.gpu.count,
        gpu_vram_total: machine.gpu.vramTotal,
        gpu_vram_available: machine.gpu.vramAvailable,
      },
    ]
  })

  serve(app, api.getClusterVersion, () => options.buildInfo)

  // The embedded platform has every feature.
  serve(app, api.getServerFeatures, () => ({
    mode: 'platform' as const,
    administration: options.administration,
    upstream: null,
    model_logs: true,
    model_health: true,
    model_restart: true,
    model_fit: true,
    cluster_history: true,
    quotas: true,
    alerts: true,
    downloads: true,
    file_info: true,
  }))

  serve(app, api.getClusterHistory, (request) => ({
    interval_seconds: HISTORY_INTERVAL_MS / 1000,
    samples: options.sampler.history.since(Date.now() - request.query.minutes * 60_000),
  }))

  serve(app, api.getDeviceCount, () => options.sampler.current().gpu.count)
}
