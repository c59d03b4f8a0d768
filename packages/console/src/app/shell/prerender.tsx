import { LOCALES, PRERENDERED_ADDRESSES, type Locale } from '@serving-console/contract'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { chooseLocale } from '../../i18n/i18n'
import { clusterAuthQuery } from '../../lib/cluster-auth'
import { matchNothing } from '../../lib/match-nothing'
import { applyClusterAuth } from '../../lib/auth'
import { createQueryClient, createToastChannel } from '../../lib/query-client'
import { consoleApp } from '../mount'
import { screenAt } from '../screens'

/**
 * Build time only, in jsdom (vite-prerendered-shell.ts): the console at `address`, rendered by React as a first
 * visit shows it once the screen's code is here and while its answers are on their way (the sign-in check answered
 * "none needed", every other request pending), in `locale`. Its HTML is what index.html carries for that address,
 * so what the browser paints before any script is what React then shows.
 */
async function prerenderShell(locale: Locale, address: string): Promise<string> {
  // Every request stays on its way: the page is drawn as it is before its answers.
  globalThis.fetch = () => new Promise<Response>(() => undefined)
  // jsdom lays nothing out, so it has no media queries: none matches. What a screen shows by the window's width
  // before its answers is left to its CSS (as Running Models' loading row is), the same HTML for every width.
  window.matchMedia = matchNothing
  window.location.hash = address
  await chooseLocale(locale)
  const toasts = createToastChannel()
  const queryClient = createQueryClient(toasts.show)
  // Thrown away with the render, so no query schedules its own removal: such a timer (gcTime, five minutes), set
  // again as `clear` cancels the pending fetches, kept the build's process alive that long after its last write.
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime: Infinity } })
  applyClusterAuth(false)
  queryClient.setQueryData(clusterAuthQuery.queryKey, { auth: false })
  const found = screenAt(address.slice(1))
  if (!found) throw new Error(`prerenderShell: no screen at ${address}`)
  // Its own code only: its heavier parts stay on their way (lib/later-chunk.ts).
  await found.screen.load()
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  // React's first commit, as the page's own first render shows it (the build runs React's production code, which
  // has no `act`).
  flushSync(() => root.render(consoleApp(queryClient, toasts)))
  const html = container.innerHTML
  root.unmount()
  container.remove()
  queryClient.clear()
  return html
}

/**
 * Each language's screens by address, made as this module is imported: Vite's module runner (`runnerImport`) loads
 * the code that a render imports lazily (the screen, the messages) only until the import has settled.
 */
export const shells = new Map<Locale, Map<string, string>>()
for (const locale of LOCALES) {
  const pages = new Map<string, string>()
  for (const address of PRERENDERED_ADDRESSES) pages.set(address, await prerenderShell(locale, address))
  shells.set(locale, pages)
}
