import { consolePageFile, isLocale, LANGUAGE_KEY, pickLocale, type Locale } from '@serving-console/contract'

/** How many of Accept-Language's entries are read: a browser sends a handful; the rest of a long header is not. */
const MAX_LANGUAGES = 16

/**
 * Which language's console page to send (the build writes one per language, its first screen in the HTML): the one
 * chosen in the console (its `language` cookie), else the first of the browser's languages the console speaks.
 */
export function pageLocale(headers: {
  cookie?: string | undefined
  'accept-language'?: string | undefined
}): Locale {
  const chosen = cookieValue(headers.cookie ?? '', LANGUAGE_KEY)
  return isLocale(chosen) ? chosen : pickLocale(acceptedLanguages(headers['accept-language'] ?? ''))
}

/** The file of that page, or index.html where the build has none for it (a build older than the prerendered pages). */
export const pageFile = (locale: Locale, built: ReadonlySet<string>): string =>
  built.has(consolePageFile(locale)) ? consolePageFile(locale) : consolePageFile('en')

/** Accept-Language's tags, the most wanted first (RFC 9110 §12.5.4: by `q`, then in order; `q=0` means "not this"). */
export function acceptedLanguages(header: string): string[] {
  return header
    .split(',', MAX_LANGUAGES)
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.split(';').map((part) => part.trim())
      const q = parameters.find((parameter) => parameter.startsWith('q='))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag)
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}
