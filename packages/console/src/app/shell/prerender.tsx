import { LOCALES, type Locale } from '@serving-console/contract'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { chooseLocale } from '../../i18n/i18n'
import { clusterAuthQuery } from '../../lib/cluster-auth'
import { applyClusterAuth } from '../../lib/auth'
import { createQueryClient, createToastChannel } from '../../lib/query-client'
import { consoleApp } from '../mount'
import { screens } from '../screens'

/**
 * Build time only, in jsdom (vite-prerendered-shell.ts): the console at its home address, rendered by React as a
 * first visit shows it while the catalogue is on its way (the sign-in check answered "none needed", every other
 * request pending), in `locale`. Its HTML is what index.html carries (`#shell`), so what the browser paints
 * before any script is what React then shows.
 */
async function prerenderShell(locale: Locale): Promise<string> {
  // Every request stays on its way: the page is drawn as it is before its answers.
  globalThis.fetch = () => new Promise<Response>(() => undefined)
  window.location.hash = '#/launch_model/llm'
  await chooseLocale(locale)
  const toasts = createToastChannel()
  const queryClient = createQueryClient(toasts.show)
  applyClusterAuth(false)
  queryClient.setQueryData(clusterAuthQuery.queryKey, { auth: false })
  const launchPage = screens[0]
  if (!launchPage) throw new Error('prerenderShell: no screens')
  await launchPage.load()
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
 * Each language's shell, made as this module is imported: Vite's module runner (`runnerImport`) loads the code
 * that a render imports lazily (the screen, the messages) only until the import has settled.
 */
export const shells = new Map<Locale, string>()
for (const locale of LOCALES) shells.set(locale, await prerenderShell(locale))
