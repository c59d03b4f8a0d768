import { CssBaseline, ThemeProvider } from '@mui/material'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { AppStateProvider, useErrorMessage } from '../lib/app-state'
import { createQueryClient } from '../lib/query-client'
import { theme } from './theme'

function QueryProvider({ children }: { children: ReactNode }) {
  const { setErrorMsg } = useErrorMessage()
  // setErrorMsg is a state setter, stable for the life of the app, so one client serves the whole session. A
  // background failure does not replace a message already on screen.
  const [queryClient] = useState(() =>
    createQueryClient((message, options) =>
      setErrorMsg((current) => (options?.background && current ? current : message)),
    ),
  )
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppStateProvider>
        <QueryProvider>{children}</QueryProvider>
      </AppStateProvider>
    </ThemeProvider>
  )
}
