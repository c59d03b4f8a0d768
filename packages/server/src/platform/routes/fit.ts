import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { Catalogue } from '../catalogue/catalogue.js'
import type { ModelFitter } from '../fit/model-fit.js'
import { HttpError } from '../../http/http-error.js'
import { modelTypeParam } from '../../http/paths.js'
import { serve } from '../../http/serve.js'

/** Will it fit: each model of a kind (its card), and every quantization of one (its launch drawer). */
export async function fitRoutes(
  app: FastifyInstance,
  options: { catalogue: Catalogue; fitter: ModelFitter },
) {
  serve(app, api.listFitSummaries, (request) =>
    options.fitter.summaries(modelTypeParam(request.params.model_type)),
  )
  serve(app, api.getModelFit, (request) => {
    const type = modelTypeParam(request.params.model_type)
    const entry = options.catalogue.find(type, request.params.model_name)
    if (!entry) throw new HttpError(404, `Model ${request.params.model_name} not found`)
    const hub = request.query.download_hub
    if (hub === 'csghub') throw new HttpError(400, 'Downloads from csghub are not supported by this platform')
    return options.fitter.detail(entry, {
      nParallel: request.query.n_parallel,
      nCtx: request.query.n_ctx,
      hub,
      useGpu: request.query.n_gpu !== 'none',
    })
  })
}
