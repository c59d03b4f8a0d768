import type { GridLocaleText } from '@mui/x-data-grid'
import { jaJP, koKR, zhCN } from '@mui/x-data-grid/locales'
import type { Locale } from '@serving-console/contract'
import { useMemo } from 'react'
import { currentIntl, t } from '../i18n/i18n'
import { useLocale } from '../i18n/react'

/** MUI X's own translations of the data grid's texts (toolbar, pagination, filter panel, column menu). */
const MUI_GRID_TEXT: Record<Exclude<Locale, 'en'>, Partial<GridLocaleText>> = {
  'zh-CN': zhCN.components.MuiDataGrid.defaultProps.localeText,
  ja: jaJP.components.MuiDataGrid.defaultProps.localeText,
  ko: koKR.components.MuiDataGrid.defaultProps.localeText,
}

function gridText(locale: Locale): Partial<GridLocaleText> | undefined {
  if (locale === 'en') return undefined
  const mui = MUI_GRID_TEXT[locale]
  const format = (value: number) => currentIntl().formatNumber(value)
  return {
    ...mui,
    // MUI's Japanese and Korean keep English's "1–2 of 2"; the catalogue says the range in each language. A count
    // the grid does not know (server-side pagination, not used here) falls back to MUI's wording.
    paginationDisplayedRows: (params) =>
      params.count === -1
        ? (mui.paginationDisplayedRows?.(params) ?? '')
        : t('common.grid.displayedRows', {
            from: format(params.from),
            to: format(params.to),
            count: format(params.count),
          }),
  }
}

/** The data grid's `localeText` in the language shown (a screen adds its own, e.g. `noRowsLabel`); English keeps MUI's. */
export function useGridText(): Partial<GridLocaleText> | undefined {
  const locale = useLocale()
  return useMemo(() => gridText(locale), [locale])
}
