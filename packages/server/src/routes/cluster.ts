import { apiPaths, ClusterAuth } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { specAndUpstream } from './paths.js'
import type { ZodTypeProvider } from '../zod-type-provider.js'

export async function clusterRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  for (const url of specAndUpstream(apiPaths.clusterAuth)) {
    typed.get(url, { schema: { response: { 200: ClusterAuth } } }, () => ({ auth: false }))
  }
}
