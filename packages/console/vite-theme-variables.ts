import type { Theme } from '@mui/material/styles'
import { COLOR_SCHEME_SCRIPT } from '@serving-console/contract'
import type { Plugin } from 'vite'
import { CJK_FONTS, theme } from './src/lib/theme.ts'

const ID = 'virtual:theme-variables.css'
/** The same stylesheet as a file of its own, for the model chat page, which the server writes (`/ui/tokens.css`). */
export const TOKENS_FILE = 'tokens.css'

/**
 * The design tokens as CSS custom properties, written at build time from `src/lib/theme.ts`, the one source of
 * every value: MUI's own variables for both colour schemes (`--sc-palette-primary-main`, …, light on `:root`, dark
 * under `[data-color-scheme="dark"]`), which MUI's components read, and a few type and icon sizes derived from the
 * theme for the plain CSS. `import 'virtual:theme-variables.css'` brings them into the console's stylesheet; the
 * build also writes them as `tokens.css`, and puts the script that picks the scheme into index.html's head.
 */
export function themeVariablesCss(): Plugin {
  return {
    name: 'serving-console:theme-variables',
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load: (id) => (id === `\0${ID}` ? themeVariables(theme) : null),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: TOKENS_FILE, source: themeVariables(theme) })
    },
    // The colour scheme, set before the first paint (the server's policy admits this script by its hash).
    transformIndexHtml: () => [{ tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }],
  }
}

type Declarations = Record<string, string | number>

/** `{ selector: { '--name': value, colorScheme: 'dark' } }` as CSS text. */
function rules(sheet: Record<string, Declarations>): string {
  return Object.entries(sheet)
    .map(([selector, declarations]) => {
      const body = Object.entries(declarations)
        // MUI's sheets name `color-scheme` in camel case: it tells the browser how to draw its own controls.
        .map(([name, value]) => `${name === 'colorScheme' ? 'color-scheme' : name}:${String(value)};`)
        .join('')
      return `${selector}{${body}}`
    })
    .join('')
}

/** Sizes the plain CSS uses that MUI keeps in the theme object, not in its variables. */
function sizes({ typography }: Theme): Declarations {
  return {
    '--sc-font': typography.fontFamily ?? 'sans-serif',
    '--sc-body-size': typography.body1.fontSize ?? '1rem',
    '--sc-body-line': typography.body1.lineHeight ?? 1.5,
    '--sc-body2-size': typography.body2.fontSize ?? '0.875rem',
    '--sc-h4-size': typography.h4.fontSize ?? '2.125rem',
    '--sc-h5-size': typography.h5.fontSize ?? '1.5rem',
    '--sc-h6-size': typography.h6.fontSize ?? '1.25rem',
    '--sc-button-size': typography.button.fontSize ?? '0.875rem',
    // A small button's type: MUI sizes it 13 px in the type scale.
    '--sc-button-small-size': typography.pxToRem(13),
    '--sc-caption-size': typography.caption.fontSize ?? '0.75rem',
    '--sc-icon-medium': typography.pxToRem(24),
    '--sc-icon-small': typography.pxToRem(20),
  }
}

/** The CJK faces for the page's language (`<html lang>`); Chinese first where the language is none of the three. */
function cjkFonts(): Record<string, Declarations> {
  const list = (first: keyof typeof CJK_FONTS) =>
    [
      ...CJK_FONTS[first],
      ...Object.values(CJK_FONTS)
        .filter((fonts) => fonts !== CJK_FONTS[first])
        .flat(),
    ].join(',')
  return {
    ':root': { '--sc-font-cjk': list('zh') },
    ':root:lang(ja)': { '--sc-font-cjk': list('ja') },
    ':root:lang(ko)': { '--sc-font-cjk': list('ko') },
  }
}

/** The stylesheet: MUI's variables for every scheme, then the sizes and the CJK faces. */
export function themeVariables(source: Theme): string {
  const sheets = source.generateStyleSheets() as Record<string, Declarations>[]
  return [...sheets.map(rules), rules({ ':root': sizes(source) }), rules(cjkFonts())].join('')
}
