import type { GridLocaleText } from '@mui/x-data-grid'
import type { zhCN } from '@mui/x-data-grid/locales'
import type { Locale } from '@serving-console/contract'
import type { ComponentType } from 'react'
import { currentLocale } from '../../i18n/i18n'

export type MuiGridText = Partial<GridLocaleText>
type Translated = Exclude<Locale, 'en'>

/**
 * MUI X's own translations of the data grid's texts (toolbar, pagination, filter panel, column menu), each fetched
 * when its language is first shown with a grid: the grid's chunk carries none of them (with all three it was over
 * the bundler's 500 kB warning, which every first `npm start` printed). Each grid's chunk is loaded with them
 * (`withGridText`): the Running Models page's, the cache dialog's.
 */
const MUI_GRID_TEXT: Record<Translated, () => Promise<{ default: typeof zhCN }>> = {
  'zh-CN': () => import('./zh-CN'),
  ja: () => import('./ja'),
  ko: () => import('./ko'),
}
const loaded = new Map<Locale, MuiGridText>()

/** MUI X's texts in `locale` if they are here; English is MUI's own. */
export const loadedGridText = (locale: Locale): MuiGridText | undefined => loaded.get(locale)

/** Fetches MUI X's texts in `locale`, once; an English console needs none. */
export async function loadGridText(locale: Locale): Promise<void> {
  if (locale === 'en' || loaded.has(locale)) return
  const { default: mui } = await MUI_GRID_TEXT[locale]()
  loaded.set(locale, mui.components.MuiDataGrid.defaultProps.localeText)
}

/** A screen or dialog with a data grid, once its code and MUI X's texts in the language shown have arrived. */
export const withGridText =
  <P extends object>(load: () => Promise<ComponentType<P>>) =>
  async (): Promise<ComponentType<P>> =>
    (await Promise.all([load(), loadGridText(currentLocale())]))[0]
