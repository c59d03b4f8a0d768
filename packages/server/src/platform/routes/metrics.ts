import type { FastifyInstance } from 'fastify'
import { api } from '@serving-console/contract'
import { serve } from '../../http/serve.js'
import type { ModelMetrics } from '../metrics/model-metrics.js'

/**
 * Prometheus's text format, at the path Xinference serves its own (docs/metrics.md). In gateway mode the path is
 * forwarded, so it gives the cluster's metrics.
 */
export async function metricsRoutes(app: FastifyInstance, options: { metrics: ModelMetrics }) {
  const { registry } = options.metrics
  serve(app, api.getMetrics, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  )
}
