import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../http/http-error.js'
import { CHAT_PAGE_CSP, chatPage } from '../../pages/chat-page.js'
import { MISSING_PAGE_CSP, missingPage, type Missing } from '../../pages/missing-page.js'
import { whyNoWebUi } from '../runtime/capabilities.js'
import type { ModelManager } from '../runtime/model-manager.js'
import type { RunningModel } from '../runtime/running-model.js'
import { serve } from '../../http/serve.js'

/**
 * Upstream's "Launch Web UI": `POST /api/v1/ui/{uid}` creates a model's page, then `HEAD`/`GET /{uid}` serve it,
 * until the model is terminated. Here the page is a chat page for language models, and it needs no creating: every
 * running language model has one, so its address works after a relaunch, from a bookmark, or before Launch Web UI
 * was pressed (the POST only checks that the model may have one). The console's calls stay SPEC's: its HEAD finds
 * the page and it opens it directly.
 */
export async function modelUiRoutes(app: FastifyInstance, options: { models: ModelManager }) {
  const { models } = options

  serve(app, api.createLlmUi, (request) => {
    const model = models.get(request.params.model_uid)
    const why = whyNoWebUi(model.plan.type)
    if (why) throw new HttpError(400, `Model ${model.uid}: ${why}`)
    return { model_uid: model.uid }
  })
  serve(app, api.createImageUi, () => {
    throw new HttpError(400, whyNoWebUi('image') ?? 'Image models have no web UI here')
  })

  // GET also answers HEAD (Fastify adds it), which is how the console asks whether the page exists.
  serve(app, api.getModelUi, (request, reply) => {
    const uid = request.params.model_uid
    const model = models.find(uid)
    const missing = whyNoChatPage(model)
    reply.header('cache-control', 'no-store')
    if (!model || missing) {
      // A browser opening the address gets a page that says why; an API client, the JSON 404 it always had.
      if (!(request.headers.accept ?? '').includes('text/html')) throw new HttpError(404, 'Not Found')
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', MISSING_PAGE_CSP)
        .send(missingPage(uid, missing ?? { why: 'notRunning' }))
    }
    const page = chatPage({
      uid: model.uid,
      name: model.plan.family.model_name,
      contextLength:
        typeof model.plan.family.context_length === 'number' ? model.plan.family.context_length : null,
    })
    return reply.type('text/html; charset=utf-8').header('content-security-policy', CHAT_PAGE_CSP).send(page)
  })
}

/** Why a model has no chat page at its address now, or null when it has one: a running language model. */
function whyNoChatPage(model: RunningModel | undefined): Missing | null {
  if (!model?.active) return { why: 'notRunning' }
  if (whyNoWebUi(model.plan.type)) return { why: 'notChat', type: model.plan.type }
  return model.stage === 'ready' ? null : { why: 'starting' }
}
