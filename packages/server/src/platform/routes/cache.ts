import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { ModelCache } from '../cache/model-cache.js'
import { serve } from '../../http/serve.js'

/** The model cache: list a model's cached versions, remove one. Paths are built only by ModelCache. */
export async function cacheRoutes(
  app: FastifyInstance,
  options: { cache: ModelCache; address: () => string },
) {
  serve(app, api.listCachedVersions, (request) => ({
    list: options.cache.entries(request.query.model_name).map(({ folder, files: _files, ...meta }) => ({
      ...meta,
      real_path: folder,
      path: folder,
      actor_ip_address: options.address(),
    })),
  }))

  serve(app, api.deleteCachedVersion, (request) => {
    options.cache.remove(request.query.model_version)
    return { result: true }
  })
}
