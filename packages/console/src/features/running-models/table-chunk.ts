import type { ComponentType } from 'react'
import { withGridText } from '../../lib/grid-locales/load'
import { laterChunk } from '../../lib/later-chunk'
import type { RunningModelsViewProps } from './components/running-models-table'

/** Where the side navigation turns into a menu: below it, models are cards rather than a grid's columns. */
export const PHONE = '(max-width: 599.95px)'

/**
 * The running models' data grid, with MUI X's texts in the language shown: its own chunk (MUI X, most of the
 * screen's code), so the page, its heading, tabs and loading row are drawn without it and the build prerenders them
 * (app/shell/prerender.tsx).
 */
export const tableChunk = laterChunk<ComponentType<RunningModelsViewProps>>(
  withGridText(async () => (await import('./components/running-models-table')).RunningModelsTable),
)

/** Asks for the grid's code beside the screen's own (app/screens.ts), where the window is wide enough to show it. */
export const preloadTable = async (): Promise<void> =>
  window.matchMedia(PHONE).matches ? undefined : tableChunk.load()
