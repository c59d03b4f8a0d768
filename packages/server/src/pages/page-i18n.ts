import { LANGUAGE_KEY, LOCALES, pickLocale } from '@serving-console/contract'
import type { PageMessages } from './page-messages.js'

/** The attributes a page translates: an element marked `data-i18n-{attribute}="key"` gets the key's text there. */
export const TRANSLATED_ATTRIBUTES = ['placeholder', 'aria-label', 'title'] as const

/** A message with its `{name}` placeholders filled in, as the pages' script's `t` does it. */
export function fill(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  )
}

/**
 * The start of a server page's inline script: it speaks the console's language. The page comes in English; this
 * picks the language the console would (the person's choice in local storage, else the browser's languages),
 * sets `<html lang>`, puts the language's text into the elements marked `data-i18n="key"` (whose other `data-*`
 * attributes fill the `{placeholders}`) and the attributes marked `data-i18n-{attribute}`, and defines
 * `t(key, values)` for the texts the page's script writes later. The dictionaries travel in the script as JSON,
 * so the script is the same for every page of a kind and the page's policy admits it by its hash.
 */
export function localizingScript(messages: PageMessages<string>): string {
  // `<` escaped, so no message can close the script element.
  const dictionaries = JSON.stringify(messages).replace(/</g, '\\u003c')
  return `const MESSAGES = ${dictionaries};
const LOCALE = (() => {
  let chosen = null;
  try { chosen = localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)}); } catch (e) {}
  return ${JSON.stringify(LOCALES)}.includes(chosen) ? chosen : (${pickLocale.toString()})(navigator.languages || []);
})();
function t(key, values) {
  return MESSAGES[LOCALE][key].replace(/\\{(\\w+)\\}/g, (match, name) => (values && Object.hasOwn(values, name) ? String(values[name]) : match));
}
document.documentElement.lang = LOCALE;
// English is what the server wrote.
if (LOCALE !== 'en') {
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n, element.dataset);
  for (const attribute of ${JSON.stringify(TRANSLATED_ATTRIBUTES)}) {
    for (const element of document.querySelectorAll('[data-i18n-' + attribute + ']')) {
      element.setAttribute(attribute, t(element.getAttribute('data-i18n-' + attribute)));
    }
  }
}
`
}
