import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { serve } from '../http/serve.js'
import type { Clusters } from './clusters.js'

/** The clusters this server holds (docs/clusters.md): an administrator's settings, audited as such. */
export async function clusterRoutes(app: FastifyInstance, options: { clusters: Clusters }) {
  const { clusters } = options
  serve(app, api.listClusters, () => ({ clusters: clusters.list() }))
  serve(app, api.listClusterStates, () => ({ clusters: clusters.states() }))
  serve(app, api.addCluster, async (request, reply) => reply.code(201).send(await clusters.add(request.body)))
  serve(app, api.changeCluster, (request) => clusters.change(request.params.name, request.body))
  serve(app, api.removeCluster, (request) => {
    clusters.remove(request.params.name)
    return { ok: true }
  })
  serve(app, api.testCluster, (request) => clusters.test(request.params.name))
}
