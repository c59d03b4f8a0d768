import { html, pageCsp, pageDocument } from './page-frame.js'
import { fill, localizingScript } from './page-i18n.js'
import { MISSING_PAGE_MESSAGES, type MissingPageKey } from './page-messages.js'

/** On the console's design tokens (`ui/tokens.css`), as the chat page: one card, centred. */
const STYLE = `body { margin: 0; font-family: var(--sc-font); font-size: var(--sc-body-size); line-height: 1.6; background: var(--sc-palette-background-default); color: var(--sc-palette-text-primary); }
main { max-width: 560px; margin: 15vh auto; padding: 24px 28px; background: var(--sc-palette-background-paper); border: 1px solid var(--sc-palette-divider); border-radius: var(--sc-shape-borderRadius); }
h1 { margin: 0 0 12px; font-size: var(--sc-h6-size); }
p { margin: 0 0 16px; overflow-wrap: anywhere; }
a { color: var(--sc-palette-primary-main); font-weight: 600; text-decoration: none; }
a:focus-visible { outline: 2px solid var(--sc-palette-primary-main); outline-offset: 2px; }
@media (max-width: 599.95px) { main { margin: 24px 16px; padding: 20px 16px; } }`

/** The same for every page of this kind (what differs travels in `data-*`), so its hash is fixed. */
const SCRIPT = localizingScript(MISSING_PAGE_MESSAGES)

export const MISSING_PAGE_CSP = pageCsp(SCRIPT, STYLE)

/** Why a model's address has no chat page: what the page says, and the Running Models tab it leads to. */
export type Missing = { why: 'notRunning' } | { why: 'starting' } | { why: 'notChat'; type: string }

/**
 * The page a browser gets at `/{uid}` when there is no chat page there (served with a 404): a model that is not
 * running, still starting, or no language model. In the console's look and language, with a way back to Running
 * Models, instead of a bare JSON error.
 */
export function missingPage(uid: string, missing: Missing): string {
  const en = MISSING_PAGE_MESSAGES.en
  const values = { uid, type: missing.why === 'notChat' ? missing.type : '' }
  const key: MissingPageKey = missing.why
  const tab = missing.why === 'notChat' ? encodeURIComponent(missing.type) : 'LLM'
  return pageDocument({
    title: `<title data-i18n="title">${html(en.title)}</title>`,
    style: STYLE,
    script: SCRIPT,
    body: `<main>
  <h1 data-i18n="title">${html(en.title)}</h1>
  <p data-i18n="${key}" data-uid="${html(values.uid)}" data-type="${html(values.type)}">${html(fill(en[key], values))}</p>
  <a href="ui/#/running_models/${tab}" data-i18n="running">${html(en.running)}</a>
</main>`,
  })
}
