import type { FastifyReply } from 'fastify'
import { CHAT_PAGE_CSP, chatPage } from '../pages/chat-page.js'
import { html, pageCsp, pageDocument } from '../pages/page-frame.js'
import { localizingScript } from '../pages/page-i18n.js'
import { CLUSTER_PAGE_MESSAGES } from '../pages/page-messages.js'

type Page =
  | { kind: 'chat'; name: string; contextLength: number | null }
  /** A Gradio app the cluster built (image models on Xinference 1.x and 2.x): it runs at the cluster's address. */
  | { kind: 'on-cluster'; address: string }

/** On the console's design tokens (`ui/tokens.css`), as the chat page. */
const CLUSTER_PAGE_STYLE = `body { margin: 0; font-family: var(--sc-font); line-height: 1.6; background: var(--sc-palette-background-default); color: var(--sc-palette-text-primary); }
main { max-width: 640px; margin: 15vh auto; padding: 24px 28px; background: var(--sc-palette-background-paper); border: 1px solid var(--sc-palette-divider); border-radius: var(--sc-shape-borderRadius); }
h1 { margin: 0 0 12px; font-size: var(--sc-h6-size); overflow-wrap: anywhere; }
a { color: var(--sc-palette-primary-main); font-weight: 600; word-break: break-all; }
@media (max-width: 599.95px) { main { margin: 24px 16px; padding: 20px 16px; } }`

/** Puts the page into the console's language, as the chat page's script does. */
const CLUSTER_PAGE_SCRIPT = localizingScript(CLUSTER_PAGE_MESSAGES)

const CLUSTER_PAGE_CSP = pageCsp(CLUSTER_PAGE_SCRIPT, CLUSTER_PAGE_STYLE)

/**
 * A Gradio app is the cluster's code: at the console's address it would run sandboxed (forward.ts), where its
 * scripts cannot load. At the cluster's own address it runs as the cluster's origin, apart from the console.
 */
function clusterPage(uid: string, address: string): string {
  const url = `${address}/${encodeURIComponent(uid)}/`
  const en = CLUSTER_PAGE_MESSAGES.en
  return pageDocument({
    title: `<title>${html(uid)} · Serving Console</title>`,
    style: CLUSTER_PAGE_STYLE,
    script: CLUSTER_PAGE_SCRIPT,
    body: `<main>
  <h1>${html(uid)}</h1>
  <p data-i18n="gradio">${html(en.gradio)}</p>
  <p><a href="${html(url)}" rel="noopener noreferrer">${html(url)}</a></p>
  <p data-i18n="reachable">${html(en.reachable)}</p>
</main>`,
  })
}

/**
 * "Launch Web UI" in front of Xinference: the page at `/{uid}` for a model whose UI was created through this
 * gateway. For a language model, the platform's own chat page, talking to the cluster's `/v1/chat/completions`
 * through the gateway (its requests carry the token; the page holds nothing). Pages exist for models the upstream
 * confirmed running to a signed-in user.
 */
export class GatewayWebUis {
  private readonly pages = new Map<string, Page>()

  addChat(uid: string, model: Record<string, unknown>) {
    this.add(uid, {
      kind: 'chat',
      name: typeof model.model_name === 'string' ? model.model_name : uid,
      contextLength: typeof model.context_length === 'number' ? model.context_length : null,
    })
  }

  addOnCluster(uid: string, address: string) {
    this.add(uid, { kind: 'on-cluster', address })
  }

  private add(uid: string, page: Page) {
    this.pages.delete(uid)
    this.pages.set(uid, page)
    // Old pages of terminated models would only answer errors; a bounded set keeps memory flat.
    if (this.pages.size > 1000) this.pages.delete(this.pages.keys().next().value as string)
  }

  /**
   * A model terminated through the gateway (`DELETE /api/v1/models/{uid}` or `/v1/models/{uid}` answered with
   * success) takes its page with it; one terminated elsewhere keeps it until the gateway restarts, and its chat
   * then answers the cluster's error.
   */
  terminated(path: string) {
    const uid = /^(?:\/api)?\/v1\/models\/([^/?]+)\/?(?:\?|$)/.exec(path)?.[1]
    // Forwarded with success, so its escapes decoded (confine.ts refuses malformed ones).
    if (uid) this.pages.delete(decodeURIComponent(uid))
  }

  has(uid: string): boolean {
    return this.pages.has(uid)
  }

  send(uid: string, reply: FastifyReply) {
    const page = this.pages.get(uid)
    if (!page) return reply.code(404).send({ detail: 'Not Found' })
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    if (page.kind === 'on-cluster') {
      return reply.header('content-security-policy', CLUSTER_PAGE_CSP).send(clusterPage(uid, page.address))
    }
    return reply
      .header('content-security-policy', CHAT_PAGE_CSP)
      .send(chatPage({ uid, name: page.name, contextLength: page.contextLength }))
  }
}
