import type {} from '@mui/material/themeCssVarsAugmentation'
import { createTheme } from '@mui/material/styles'

/** Colours of the console's own drawings (charts, the log view, marks), per colour scheme. */
interface ConsoleColours {
  chart: { cpu: string; memory: string; gpu: string; track: string }
  logs: { background: string; text: string }
  favorite: string
  /**
   * Error text on the page and its surfaces: the error colour itself where that reads at WCAG AA, a shade darker
   * where it does not (SPEC's #d8342c on the light background is 4.4:1).
   */
  errorText: string
  /** The logo's: the same in both schemes, as a mark is. */
  brand: { tile: string; lines: string; dot: string }
}

declare module '@mui/material/styles' {
  interface Palette {
    console: ConsoleColours
  }
  interface PaletteOptions {
    console?: ConsoleColours
  }
}

/**
 * CJK faces on macOS, Windows and Linux, in the order each language wants them: one Han character is drawn
 * differently in Chinese, Japanese and Korean, so the page's language picks which faces come first.
 */
export const CJK_FONTS = {
  zh: [
    '"PingFang SC"',
    '"Microsoft YaHei"',
    '"Noto Sans CJK SC"',
    '"Source Han Sans SC"',
    '"WenQuanYi Micro Hei"',
  ],
  ja: ['"Hiragino Sans"', '"Hiragino Kaku Gothic ProN"', '"Yu Gothic UI"', 'Meiryo', '"Noto Sans CJK JP"'],
  ko: ['"Apple SD Gothic Neo"', '"Malgun Gothic"', '"Noto Sans CJK KR"', '"Source Han Sans KR"'],
}

const brand = { tile: '#3b4ca8', lines: '#ffffff', dot: '#7fd1ae' }

/**
 * The console's one source of design tokens: every colour, type size, radius and shadow. The build writes it out as
 * CSS variables (`--sc-palette-primary-main`, …; vite-theme-variables.ts) for light and dark, which the plain CSS,
 * MUI's components and the model chat page all read; the `data-color-scheme` attribute on `<html>` picks the
 * scheme (lib/color-scheme.ts). SPEC §9: base font 12, error colour #d8342c, a sans-serif family; tooltip delays
 * 100 / 700 / 1500 ms. The dark scheme keeps every text at WCAG AA contrast on its backgrounds.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'data-color-scheme', cssVarPrefix: 'sc' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#3b4ca8' },
        secondary: { main: '#2e8b6e' },
        error: { main: '#d8342c' },
        background: { default: '#f6f7fb' },
        console: {
          chart: { cpu: '#3b4ca8', memory: '#2e8b6e', gpu: '#b35c0e', track: '#eef0f6' },
          logs: { background: '#1d1f27', text: '#e8eaf2' },
          favorite: '#b87800',
          errorText: '#c62f28',
          brand,
        },
      },
    },
    dark: {
      palette: {
        primary: { main: '#a9b4ff' },
        secondary: { main: '#6fd6b3' },
        // `dark` is the filled notices' and the toast's background, under white text.
        error: { main: '#ff8a80', dark: '#b3261e' },
        background: { default: '#0f1117', paper: '#181b24' },
        console: {
          chart: { cpu: '#a9b4ff', memory: '#6fd6b3', gpu: '#ffb866', track: '#232734' },
          logs: { background: '#0b0c10', text: '#e8eaf2' },
          favorite: '#ffc94d',
          errorText: '#ff8a80',
          brand,
        },
      },
    },
  },
  typography: {
    fontSize: 12,
    // Latin first, then the page language's CJK faces (`--sc-font-cjk`, set per `<html lang>` from CJK_FONTS).
    fontFamily: ['Inter', 'Roboto', '"Helvetica Neue"', 'Arial', 'var(--sc-font-cjk)', 'sans-serif'].join(
      ',',
    ),
  },
  shape: { borderRadius: 8 },
  components: {
    MuiTooltip: { defaultProps: { enterDelay: 100, enterTouchDelay: 700, leaveTouchDelay: 1500 } },
    MuiButton: { styleOverrides: { root: { fontWeight: 600 } } },
  },
})
