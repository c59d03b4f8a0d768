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

/** A message's syntax tree as the build writes it (FormatJS's): the elements said without `Intl` here. */
interface Element {
  /** 0 text, 1 a plain argument, 6 a plural; the others need FormatJS. */
  type: number
  value?: unknown
  options?: Record<string, { value: Element[] }>
}

function saidPlainly(elements: Element[], values: Values | undefined): string | undefined {
  let text = ''
  for (const element of elements) {
    const value = typeof element.value === 'string' ? values?.[element.value] : undefined
    // Keyed `=N`: no key of Object's prototype.
    const exact = typeof value === 'number' ? element.options?.[`=${String(value)}`] : undefined
    if (element.type === 0 && typeof element.value === 'string') text += element.value
    // As FormatJS says a plain argument: a number as `String` gives it, not formatted.
    else if (element.type === 1 && (typeof value === 'string' || typeof value === 'number'))
      text += String(value)
    // A plural's exact case (`=0 {Operations}`) needs no plural rules; its `#` would need a number format.
    else if (element.type === 6 && exact) {
      const inner = saidPlainly(exact.value, values)
      if (inner === undefined) return undefined
      text += inner
    } else return undefined
  }
  return text
}

/**
 * A message said without FormatJS where it needs no `Intl`: in a build (a syntax tree), text, plain arguments (`Type
 * {hotkey} to search`) and a plural's exact case (the operations tray's `=0`); in the tests and the dev server, text
 * with no ICU syntax in it. The frame's and the first card's messages are, so a first visit's first render makes no
 * formatter and wakes no `Intl` (~40 ms in a fresh browser, ICU's data; docs/decisions/0011).
 */
export function sayPlainly(message: unknown, values?: Values): string | undefined {
  if (typeof message === 'string') return /[{}'<]/.test(message) ? undefined : message
  return Array.isArray(message) ? saidPlainly(message as Element[], values) : undefined
}

/** A message in the language shown. */
export function t(id: MessageId, values?: Values): string {
  return sayPlainly(state.messages[id] ?? english[id], values) ?? intl().formatMessage({ id }, values)
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
