import { ThemeProvider } from '@mui/system'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { AppStateProvider, useErrorMessage } from '../lib/app-state'
import type { ToastChannel } from '../lib/query-client'
import { theme } from './theme'

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
 * The theme goes in through MUI's system ThemeProvider, which is what Material's own does for a theme without CSS
 * variables (ours); Material's also brings its CSS-variables provider, ~4 KiB gzip the first screen does not use.
 * CssBaseline's rules are plain CSS (`base.css`): the first screen runs no emotion.
 */
export function Providers(props: ProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <AppStateProvider>
        <QueryProvider {...props} />
      </AppStateProvider>
    </ThemeProvider>
  )
}
