import { parsePath } from 'react-router'
import { prefetchFrame } from './app/layout/prefetch-frame'
import { landingPath, login, prefetchScreen, screenAt } from './app/screens'
import { revealConsole } from './app/shell/prerendered-shell'
import { startI18n, t } from './i18n/i18n'
import { followSystemColorScheme } from './lib/color-scheme'
import { createQueryClient, createToastChannel } from './lib/query-client'

/*
 * The console's first module imports nothing that renders: it arrives and runs while React, the theme and the shell
 * (`app/mount.tsx`, which index.html fetches beside it) are still on their way, so the opening screen's requests
 * start ~100 ms sooner than from a module that runs once all of them are evaluated (docs/decisions/0011).
 */
// index.html's script chose the colour scheme before the first paint; from now on the system's changes show too.
followSystemColorScheme()
const toasts = createToastChannel()
const queryClient = createQueryClient(toasts.show)
const opened = parsePath(window.location.hash.slice(1)).pathname || '/'
const opening = landingPath(opened)
// The address becomes the screen's before anything renders: at `/ui/` the Launch page's code and catalogue leave
// now, not once React has rendered the router's redirect (~600 ms later on a first visit; bench/README.md).
if (opening !== opened) window.history.replaceState(window.history.state, '', `#${opening}`)
prefetchScreen(queryClient, opening)
// Every screen but Login is shown in the frame, with its needs-attention strip.
if (screenAt(opening)?.screen !== login) void prefetchFrame(queryClient)
// English is here; another language's messages arrive beside the screen's requests, before the first render.
const language = startI18n()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

Promise.all([import('./app/mount'), language]).then(
  ([{ mount }]) => mount(root, queryClient, toasts),
  // None of the console is here to say it: a line of text is what can be shown.
  (error: unknown) => {
    root.textContent = t('shell.loadFailed', { error: String(error) })
    revealConsole()
  },
)
