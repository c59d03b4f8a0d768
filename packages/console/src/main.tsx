import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { createRouter } from './app/router'
import { createQueryClient, createToastChannel } from './lib/query-client'

// One query client for the session, made before React renders: the router's loaders start the first screen's
// requests with it while that screen's code is still arriving.
const toasts = createToastChannel()
const queryClient = createQueryClient(toasts.show)
const router = createRouter(queryClient)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} toasts={toasts}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
