import type { FastifyReply } from 'fastify'
import { CHAT_PAGE_CSP, chatPage } from '../model-ui/chat-page.js'

/**
 * "Launch Web UI" for a v3 cluster, which has no web UI routes: the gateway serves the platform's own chat page
 * at `/{uid}`, talking to upstream's `/v1/chat/completions` through the gateway. Pages exist for models the
 * upstream confirmed running to a signed-in user (the page itself holds nothing; its requests carry the token).
 */
export class GatewayChatPages {
  private readonly pages = new Map<string, { name: string; contextLength: number | null }>()

  add(uid: string, model: Record<string, unknown>) {
    this.pages.set(uid, {
      name: typeof model.model_name === 'string' ? model.model_name : uid,
      contextLength: typeof model.context_length === 'number' ? model.context_length : null,
    })
    // Old pages of terminated models would only answer errors; a bounded set keeps memory flat.
    if (this.pages.size > 1000) this.pages.delete(this.pages.keys().next().value as string)
  }

  has(uid: string): boolean {
    return this.pages.has(uid)
  }

  send(uid: string, reply: FastifyReply) {
    const page = this.pages.get(uid)
    if (!page) return reply.code(404).send({ detail: 'Not Found' })
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CHAT_PAGE_CSP)
      .send(chatPage({ uid, name: page.name, contextLength: page.contextLength }))
  }
}
