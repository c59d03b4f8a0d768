/** The console's languages (and the model chat page's): English is SPEC's text; the others translate it. */
export const LOCALES = ['en', 'zh-CN', 'ja', 'ko'] as const
export type Locale = (typeof LOCALES)[number]

/** Each language named in itself, as the header's menu lists them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  ja: '日本語',
  ko: '한국어',
}

/** The language a person chose, kept in local storage under this key; absent, the browser's holds. */
export const LANGUAGE_KEY = 'language'

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

/**
 * The first of the browser's languages (`navigator.languages`, in the person's order) that the console speaks.
 * Every Chinese tag reads Simplified Chinese until a Traditional locale exists (zh-TW and zh-HK included); a
 * browser that asks for none of the four gets English. Self-contained: the chat page runs its source as is.
 */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split('-')[0]
    if (language === 'zh') return 'zh-CN'
    if (language === 'ja' || language === 'ko' || language === 'en') return language
  }
  return 'en'
}
