import { ThemeProvider } from '@mui/system'
import type { ReactNode } from 'react'
import { theme } from '../lib/theme'

/** The console's MUI theme around a part drawn with MUI; `themed.tsx` brings it with that part's code. */
export function ThemeFrame({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>
}
