import {
  CreateImageUiRequest,
  CreateLlmUiRequest,
  CreateUiResponse,
  routePatterns,
  UidParams,
} from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http-error.js'
import { CHAT_PAGE_CSP, chatPage } from '../model-ui/chat-page.js'
import { whyNoWebUi } from '../runtime/capabilities.js'
import type { ModelManager } from '../runtime/model-manager.js'
import type { ZodTypeProvider } from '../zod-type-provider.js'
import { specAndUpstream } from './paths.js'

/**
 * Upstream's "Launch Web UI": `POST /api/v1/ui/{uid}` creates a model's page, then `HEAD`/`GET /{uid}` serve it,
 * until the model is terminated. Here the page is a chat page for language models.
 */
export async function modelUiRoutes(app: FastifyInstance, options: { models: ModelManager }) {
  const { models } = options
  const pages = new Set<string>()
  models.onRemoved((uid) => pages.delete(uid))
  const typed = app.withTypeProvider<ZodTypeProvider>()

  for (const url of specAndUpstream(routePatterns.createLlmUi)) {
    typed.post(
      url,
      { schema: { params: UidParams, body: CreateLlmUiRequest, response: { 200: CreateUiResponse } } },
      (request) => {
        const model = models.get(request.params.model_uid)
        const why = whyNoWebUi(model.plan.type)
        if (why) throw new HttpError(400, `Model ${model.uid}: ${why}`)
        pages.add(model.uid)
        return { model_uid: model.uid }
      },
    )
  }
  for (const url of specAndUpstream(routePatterns.createImageUi)) {
    typed.post(
      url,
      { schema: { params: UidParams, body: CreateImageUiRequest, response: { 200: CreateUiResponse } } },
      () => {
        throw new HttpError(400, whyNoWebUi('image') ?? 'Image models have no web UI here')
      },
    )
  }

  // GET also answers HEAD (Fastify adds it), which is how the console asks whether the page exists.
  typed.get(routePatterns.modelUi, { schema: { params: UidParams } }, (request, reply) => {
    const model = models.find(request.params.model_uid)
    if (!model || model.stage !== 'ready' || !pages.has(model.uid)) throw new HttpError(404, 'Not Found')
    const page = chatPage({
      uid: model.uid,
      name: model.plan.family.model_name,
      contextLength:
        typeof model.plan.family.context_length === 'number' ? model.plan.family.context_length : null,
    })
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CHAT_PAGE_CSP)
      .send(page)
  })
}
