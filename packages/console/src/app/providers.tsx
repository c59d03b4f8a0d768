import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { AppStateProvider, useErrorMessage } from '../lib/app-state'
import type { ToastChannel } from '../lib/query-client'

interface ProvidersProps {
  queryClient: QueryClient
  /** The query client's failures, for the error toast. */
  toasts: ToastChannel
  children: ReactNode
}

function QueryProvider({ queryClient, toasts, children }: ProvidersProps) {
  const { setErrorMsg } = useErrorMessage()
  // A background failure does not replace a message already on screen.
  useEffect(
    () =>
      toasts.listen((message, options) =>
        setErrorMsg((current) => (options?.background && current ? current : message)),
      ),
    [toasts, setErrorMsg],
  )
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

/**
 * What the whole console shares. MUI's theme is not here: it comes with the parts drawn with MUI
 * (`components/themed.tsx`), and CssBaseline's rules are plain CSS (`base.css`), so the first screen runs no emotion.
 */
export function Providers(props: ProvidersProps) {
  return (
    <AppStateProvider>
      <QueryProvider {...props} />
    </AppStateProvider>
  )
}
