import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import { pickLocale, type Locale } from '@serving-console/contract'
import { languageStore } from '../lib/storage'
import { EN_FIRST, FIRST_AREAS, loadAreas, type Area, type MessageId, type Messages } from './catalogue'

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

/** English's messages here so far: what a translation falls back on. */
let english = EN_FIRST

function intlFor(locale: Locale, messages: Messages): IntlShape<unknown> {
  return createIntl<unknown>(
    {
      locale,
      // A message missing from a translation says the English one where it is here (the completeness test keeps
      // this from happening), never its id.
      messages: locale === 'en' ? messages : { ...english, ...messages },
      defaultLocale: 'en',
      onError: (error) => {
        if (import.meta.env.DEV) console.error(error)
      },
    },
    cache,
  )
}

/**
 * The language shown, the areas of its messages that are here (they only grow), and its formatter, made when first
 * asked for: making one is the page's first use of `Intl` (~15 ms in a fresh browser, ICU's data), which then falls
 * in the first render's task instead of the first module's, the longest task of a first visit (docs/decisions/0011).
 */
let state: { locale: Locale; areas: Area[]; messages: Messages; intl?: IntlShape<unknown> } = {
  locale: 'en',
  areas: FIRST_AREAS,
  messages: EN_FIRST,
}
const intl = (): IntlShape<unknown> => (state.intl ??= intlFor(state.locale, state.messages))

function show(locale: Locale, areas: Area[], messages: Messages) {
  if (locale === 'en') english = messages
  state = { locale, areas, messages }
  document.documentElement.lang = locale
  for (const listener of listeners) listener()
}

/** Shows `locale` with every area here so far in it (an area asked for meanwhile is fetched in it too). */
async function showIn(locale: Locale): Promise<void> {
  for (;;) {
    const { areas } = state
    const messages = await loadAreas(locale, areas)
    if (state.areas === areas) return show(locale, areas, messages)
  }
}

/**
 * Fetches `areas` in the language shown, unless here: a screen's own messages, asked for with its code
 * (app/screens.ts), so that it renders in words.
 */
export async function loadAreasShown(areas: readonly Area[]): Promise<void> {
  const { locale } = state
  const missing = areas.filter((area) => !state.areas.includes(area))
  if (missing.length === 0) return
  const messages = await loadAreas(locale, missing)
  // The language changed meanwhile: they are fetched in the new one (`showIn` takes what is here by then).
  if (state.locale !== locale) return loadAreasShown(areas)
  const added = missing.filter((area) => !state.areas.includes(area))
  show(locale, [...state.areas, ...added], { ...state.messages, ...messages })
}

/**
 * A message that is text alone, as it is said without FormatJS: in a build, a syntax tree of one literal (or none);
 * in the tests and the dev server, text with no ICU syntax in it. Most of a screen's messages are, and the first
 * card's are all, so a first visit's first render makes no formatter and wakes no `Intl` (docs/decisions/0011).
 */
export function plainText(message: unknown): string | undefined {
  if (typeof message === 'string') return /[{}'<]/.test(message) ? undefined : message
  if (!Array.isArray(message) || message.length > 1) return undefined
  const [only] = message as { type: number; value?: unknown }[]
  if (!only) return ''
  return only.type === 0 && typeof only.value === 'string' ? only.value : undefined
}

/** A message in the language shown. */
export function t(id: MessageId, values?: Values): string {
  return plainText(state.messages[id] ?? english[id]) ?? intl().formatMessage({ id }, values)
}

/** The language shown (for `Intl` formatting outside React, `lib/format.ts`). */
export const currentLocale = (): Locale => state.locale

/** The intl object of the language shown: numbers, dates, lists and plurals through `Intl`. */
export const currentIntl = intl

/** Calls `listener` whenever the language shown changes; answers how to stop. */
export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows the console in `locale` at once, and remembers the choice in this browser. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await showIn(locale)
  languageStore.set(locale)
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
  await showIn(locale).catch(() => undefined)
}
