import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { HashRouter, parsePath } from 'react-router'
import { Providers } from './app/providers'
import { AppRoutes, prefetchScreen } from './app/router'
import { createQueryClient, createToastChannel } from './lib/query-client'

// One query client for the session, made before React renders, so that the first screen's requests start now,
// while React and the screen's code chunk are still getting ready.
const toasts = createToastChannel()
const queryClient = createQueryClient(toasts.show)
prefetchScreen(queryClient, parsePath(window.location.hash.slice(1)).pathname || '/')

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} toasts={toasts}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </Providers>
  </StrictMode>,
)
