import type { Theme } from '@mui/material/styles'
import type { Plugin } from 'vite'
import { theme } from './src/lib/theme'

const ID = 'virtual:theme-variables.css'

/**
 * The theme's values as CSS custom properties (`--sc-primary`, …), for the console's plain CSS: the first screen
 * renders no styled component and loads none of MUI (issue 14), so its stylesheets read the theme from these. They
 * are written at build time into the one stylesheet, from `src/lib/theme.ts`, which stays the one source of every
 * value; `import 'virtual:theme-variables.css'` brings them.
 */
export function themeVariablesCss(): Plugin {
  return {
    name: 'serving-console:theme-variables',
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load: (id) => (id === `\0${ID}` ? themeVariables(theme) : null),
  }
}

/** The stylesheet: one `:root` rule. */
export function themeVariables({ palette, typography, shape, shadows }: Theme): string {
  const variables: Record<string, string | number> = {
    font: typography.fontFamily ?? 'sans-serif',
    'body-size': typography.body1.fontSize ?? '1rem',
    'body-line': typography.body1.lineHeight ?? 1.5,
    'body2-size': typography.body2.fontSize ?? '0.875rem',
    'h4-size': typography.h4.fontSize ?? '2.125rem',
    'button-size': typography.button.fontSize ?? '0.875rem',
    // A small button's type: MUI sizes it 13 px in the type scale.
    'button-small-size': typography.pxToRem(13),
    'icon-medium': typography.pxToRem(24),
    'icon-small': typography.pxToRem(20),
    radius: `${String(shape.borderRadius)}px`,
    primary: palette.primary.main,
    'primary-dark': palette.primary.dark,
    'primary-contrast': palette.primary.contrastText,
    error: palette.error.main,
    'error-light': palette.error.light,
    'error-contrast': palette.error.contrastText,
    success: palette.success.main,
    'success-dark': palette.success.dark,
    'grey-400': palette.grey[400],
    text: palette.text.primary,
    'text-secondary': palette.text.secondary,
    divider: palette.divider,
    paper: palette.background.paper,
    background: palette.background.default,
    'action-active': palette.action.active,
    'action-hover': palette.action.hover,
    'action-selected': palette.action.selected,
    'shadow-2': shadows[2],
    'shadow-4': shadows[4],
    'shadow-8': shadows[8],
  }
  return `:root{${Object.entries(variables)
    .map(([name, value]) => `--sc-${name}:${String(value)};`)
    .join('')}}`
}
