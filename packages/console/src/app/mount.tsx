import type { QueryClient } from '@tanstack/react-query'
import { startTransition, StrictMode, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router'
import type { ToastChannel } from '../lib/query-client'
import 'virtual:theme-variables.css'
import './base.css'
import { Providers } from './providers'
import { AppRoutes } from './router'

/**
 * Renders the console into `root`, with the session's query client (made by `main.ts`, already at work). The first
 * render is a transition, which React renders in slices that yield to the browser: by now the opening screen's
 * answers are usually here, so it renders the shell and the screen at once, which as one task was ~100 ms.
 */
export function mount(root: HTMLElement, queryClient: QueryClient, toasts: ToastChannel): void {
  const reactRoot = createRoot(root)
  startTransition(() => reactRoot.render(consoleApp(queryClient, toasts)))
}

/** The whole console, as `mount` renders it and as the build prerenders its first screen (`shell/prerender.tsx`). */
export function consoleApp(queryClient: QueryClient, toasts: ToastChannel): ReactElement {
  return (
    <StrictMode>
      <Providers queryClient={queryClient} toasts={toasts}>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </Providers>
    </StrictMode>
  )
}
