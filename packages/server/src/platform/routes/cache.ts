import {
  CacheDeleteQuery,
  CacheDeleteResponse,
  CacheList,
  CacheListQuery,
  routePatterns,
} from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { ModelCache } from '../cache/model-cache.js'
import type { ZodTypeProvider } from '../../http/zod-type-provider.js'
import { specAndUpstream } from '../../http/paths.js'

/** The model cache: list a model's cached versions, remove one. Paths are built only by ModelCache. */
export async function cacheRoutes(
  app: FastifyInstance,
  options: { cache: ModelCache; address: () => string },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  for (const url of specAndUpstream(routePatterns.cache)) {
    typed.get(url, { schema: { querystring: CacheListQuery, response: { 200: CacheList } } }, (request) => ({
      list: options.cache.entries(request.query.model_name).map(({ folder, files: _files, ...meta }) => ({
        ...meta,
        real_path: folder,
        path: folder,
        actor_ip_address: options.address(),
      })),
    }))

    typed.delete(
      url,
      { schema: { querystring: CacheDeleteQuery, response: { 200: CacheDeleteResponse } } },
      (request) => {
        options.cache.remove(request.query.model_version)
        return { result: true }
      },
    )
  }
}
