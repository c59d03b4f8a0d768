import { ThemeProvider } from '@mui/material/styles'
import type { ReactNode } from 'react'
import { theme } from '../lib/theme'

/**
 * The console's MUI theme around a part drawn with MUI; `themed.tsx` brings it with that part's code. MUI's
 * components read the theme's CSS variables, which the build writes into the console's stylesheet for both colour
 * schemes: MUI writes no stylesheet of its own, keeps no colour scheme of its own and leaves the `<html>` element's
 * `data-color-scheme` to lib/color-scheme.ts.
 */
export function ThemeFrame({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} disableStyleSheetGeneration colorSchemeNode={null} storageManager={null}>
      {children}
    </ThemeProvider>
  )
}
