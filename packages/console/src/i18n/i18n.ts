import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import { pickLocale, type Locale } from '@serving-console/contract'
import { languageStore } from '../lib/storage'
import { EN_MESSAGES, loadMessages, type MessageId, type Messages } from './catalogue'

/**
 * The console's language: which one is shown, its messages (ICU MessageFormat, by FormatJS), and `t` to say a
 * message in it. One state for the whole page, so code outside React (the query client's toasts, validation)
 * speaks the same language as the screens; components that call `useT` (./react.ts) re-render when it changes
 * (no reload, no remount: forms keep their input). No React here: `main.ts` starts the language before React has
 * arrived (docs/decisions/0011).
 */
export type Values = Record<string, string | number | Date | null | undefined>

const cache = createIntlCache()
const listeners = new Set<() => void>()

function intlFor(locale: Locale, messages: Messages): IntlShape<unknown> {
  return createIntl<unknown>(
    {
      locale,
      // A message missing from a translation says the English one (the completeness test keeps this from
      // happening), never its id.
      messages: locale === 'en' ? messages : { ...EN_MESSAGES, ...messages },
      defaultLocale: 'en',
      onError: (error) => {
        if (import.meta.env.DEV) console.error(error)
      },
    },
    cache,
  )
}

let state = { locale: 'en' as Locale, intl: intlFor('en', EN_MESSAGES) }

function show(locale: Locale, messages: Messages) {
  state = { locale, intl: intlFor(locale, messages) }
  document.documentElement.lang = locale
  for (const listener of listeners) listener()
}

/** A message in the language shown. */
export function t(id: MessageId, values?: Values): string {
  return state.intl.formatMessage({ id }, values)
}

/** The language shown (for `Intl` formatting outside React, `lib/format.ts`). */
export const currentLocale = (): Locale => state.locale

/** The intl object of the language shown: numbers, dates, lists and plurals through `Intl`. */
export const currentIntl = (): IntlShape<unknown> => state.intl

/** Calls `listener` whenever the language shown changes; answers how to stop. */
export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows the console in `locale` at once, and remembers the choice in this browser. */
export async function chooseLocale(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale)
  languageStore.set(locale)
  show(locale, messages)
}

/**
 * The language at start: the one chosen in this browser, else the first of the browser's languages the console
 * speaks. English is here already; another arrives beside the opening screen's requests, before the first render.
 */
export async function startI18n(): Promise<void> {
  const chosen = languageStore.get()
  // A choice made before the server read the cookie: the next page comes in that language too.
  if (chosen) languageStore.set(chosen)
  const locale = chosen ?? pickLocale(navigator.languages)
  if (locale === 'en') return
  // Messages that cannot be had leave the console in English, rather than not at all.
  const messages = await loadMessages(locale).catch(() => null)
  if (messages) show(locale, messages)
}
