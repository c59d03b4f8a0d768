import { Fragment, createElement, useSyncExternalStore, type ReactNode } from 'react'
import type { Locale } from '@serving-console/contract'
import type { MessageId } from './catalogue'
import { currentIntl, currentLocale, onLocaleChange, t } from './i18n'

/** The language shown; the component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(onLocaleChange, currentLocale)
}

/** `t`, in a component that re-renders when the language changes. */
export function useT(): typeof t {
  useLocale()
  return t
}

type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>

/**
 * A message with markup in it, e.g. `<link>Register a model</link>`: `tRich(id, { link: (chunks) => <Link …>{chunks}</Link> })`.
 * Call it from a component that uses `useT` or `useLocale`, so it follows the language.
 */
export function tRich(id: MessageId, values: RichValues): ReactNode {
  const parts = currentIntl().formatMessage({ id }, values) as ReactNode
  return Array.isArray(parts)
    ? (parts as ReactNode[]).map((part, index) => createElement(Fragment, { key: index }, part))
    : parts
}
