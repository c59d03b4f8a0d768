import { LOCALE_NAMES, LOCALES, isLocale } from '@serving-console/contract'
import { chooseLocale } from '../i18n/i18n'
import { useLocale, useT } from '../i18n/react'
import { Select } from './select'
import './language-select.css'

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))

/** The header's choice of language, each named in itself; it applies at once and is remembered (i18n/i18n.ts). */
export function LanguageSelect() {
  const t = useT()
  const locale = useLocale()
  return (
    <Select
      className="language-select"
      label={t('common.language')}
      value={locale}
      options={OPTIONS}
      onChange={(value) => {
        if (isLocale(value)) void chooseLocale(value)
      }}
    />
  )
}
