import { api, RegistrationNameList, type EngineMap } from '@serving-console/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Catalogue } from '../catalogue/catalogue.js'
import { checkRegistration } from '../catalogue/custom-registration.js'
import type { CustomModelsRepository } from '../db/custom-models.js'
import type { ModelDirs } from '../files/model-dirs.js'
import { CLUSTER_ONLY, clusterEngine, ENGINE, runnableHere } from '../runtime/capabilities.js'
import { HttpError } from '../../http/http-error.js'
import { modelTypeParam } from '../../http/paths.js'
import { serve } from '../../http/serve.js'

/** Sends a kept answer with ETag and gzip; a matching If-None-Match gets 304. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: string; gzip: Buffer; etag: string },
) {
  reply.header('etag', answer.etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache')
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send()
  reply.type('application/json; charset=utf-8')
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(answer.gzip)
  }
  return reply.send(answer.body)
}

export async function registrationRoutes(
  app: FastifyInstance,
  options: {
    catalogue: Catalogue
    customModels: CustomModelsRepository
    modelDirs: ModelDirs
    /** Whether a model of this name is launched or launching: it cannot be unregistered under its workers. */
    inUse: (modelName: string) => boolean
  },
) {
  const { catalogue, customModels, modelDirs, inUse } = options

  // The detailed answer is sent pre-serialized (kept JSON and gzip), so only the names list is typed here.
  serve(app, api.listRegistrations, (request, reply) => {
    const type = modelTypeParam(request.params.model_type)
    if (request.query.detailed === 'true') return sendCached(request, reply, catalogue.detailedAnswer(type))
    return RegistrationNameList.parse(catalogue.names(type))
  })

  serve(app, api.registerModel, (request) => {
    const type = modelTypeParam(request.params.model_type)
    const model = checkRegistration(type, request.body.model, modelDirs)
    const name = model.model_name
    if (catalogue.isBuiltinName(name))
      throw new HttpError(400, `Model name ${name} conflicts with a built-in model`)
    if (!customModels.insert({ model_type: type, model_name: name, body: model })) {
      throw new HttpError(400, `Model ${name} is already registered`)
    }
    catalogue.invalidate()
    return null
  })

  serve(app, api.getRegistration, (request) => {
    const type = modelTypeParam(request.params.model_type)
    const found = catalogue.find(type, request.params.model_name)
    if (!found) throw new HttpError(400, `Model ${request.params.model_name} not found`)
    // A registration reads back in the shape it was given (SPEC's, or upstream's v2 with quantization strings).
    const stored = found.is_builtin ? undefined : customModels.get(type, found.family.model_name)
    if (stored) return { ...stored.body, model_name: found.family.model_name, is_builtin: false }
    const { cache_status: _cache, ...detail } = catalogue.wire(found)
    return detail
  })

  serve(app, api.unregisterModel, (request) => {
    const type = modelTypeParam(request.params.model_type)
    const name = request.params.model_name
    if (catalogue.isBuiltinName(name) && !customModels.get(type, name)) {
      throw new HttpError(400, `Model ${name} is built in and cannot be unregistered`)
    }
    if (inUse(name)) {
      throw new HttpError(400, `Model ${name} is running; terminate it before unregistering or editing it`)
    }
    if (!customModels.delete(type, name)) throw new HttpError(400, `Model ${name} not found`)
    catalogue.invalidate()
    return null
  })

  serve(app, api.getEngines, (request) => {
    const found = catalogue.findAnyType(request.params.model_name)
    if (!found) throw new HttpError(400, `Model ${request.params.model_name} not found`)
    const { type, family } = found
    const runnable = family.model_specs.filter((spec) => runnableHere(type, spec))
    const engines: EngineMap = {}
    if (runnable.length > 0) {
      engines[ENGINE] = runnable.map((spec) => ({
        model_name: family.model_name,
        model_format: spec.model_format,
        model_size_in_billions: spec.model_size_in_billions ?? 0,
        quantizations: spec.quantizations,
      }))
    }
    if (family.model_specs.some((spec) => !runnableHere(type, spec))) {
      const engine = clusterEngine(type)
      engines[engine] = `${engine} ${CLUSTER_ONLY}`
    }
    return engines
  })

  /** The built-in language models that have an ability. */
  const builtinWith = (ability: string) =>
    catalogue
      .families('LLM')
      .filter(
        ({ family, is_builtin }) =>
          is_builtin && (family.model_ability as string[] | undefined)?.includes(ability),
      )
      .map(({ family }) => family)

  serve(app, api.getPromptStyles, () =>
    Object.fromEntries(
      builtinWith('chat').map((family) => [
        family.model_name,
        {
          chat_template: family.chat_template ?? null,
          stop_token_ids: family.stop_token_ids ?? null,
          stop: family.stop ?? null,
        },
      ]),
    ),
  )

  serve(app, api.getModelFamilies, () => {
    const byAbility = (ability: string) => builtinWith(ability).map((family) => family.model_name)
    return {
      chat: byAbility('chat'),
      generate: byAbility('generate'),
      tools: byAbility('tools'),
      vision: byAbility('vision'),
      reasoning: byAbility('reasoning'),
    }
  })
}
