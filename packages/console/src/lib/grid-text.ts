import type { Locale } from '@serving-console/contract'
import { useEffect, useMemo, useReducer } from 'react'
import { currentIntl, t } from '../i18n/i18n'
import { useLocale } from '../i18n/react'
import { loadedGridText, loadGridText, type MuiGridText } from './grid-locales/load'

function gridText(locale: Locale, mui: MuiGridText | undefined): MuiGridText | undefined {
  if (locale === 'en') return undefined
  const format = (value: number) => currentIntl().formatNumber(value)
  return {
    ...mui,
    // MUI's Japanese and Korean keep English's "1–2 of 2"; the catalogue says the range in each language. A count
    // the grid does not know (server-side pagination, not used here) falls back to MUI's wording.
    paginationDisplayedRows: (params) =>
      params.count === -1
        ? (mui?.paginationDisplayedRows?.(params) ?? '')
        : t('common.grid.displayedRows', {
            from: format(params.from),
            to: format(params.to),
            count: format(params.count),
          }),
  }
}

/**
 * The data grid's `localeText` in the language shown (a screen adds its own, e.g. `noRowsLabel`); English keeps
 * MUI's. The language the grid opened in is here already (`withGridText`); another one chosen while the grid is
 * shown comes a moment after the console's own messages.
 */
export function useGridText(): MuiGridText | undefined {
  const locale = useLocale()
  const [, arrived] = useReducer((count: number) => count + 1, 0)
  const mui = loadedGridText(locale)
  useEffect(() => {
    if (locale !== 'en' && !loadedGridText(locale)) void loadGridText(locale).then(arrived, () => undefined)
  }, [locale])
  return useMemo(() => gridText(locale, mui), [locale, mui])
}
