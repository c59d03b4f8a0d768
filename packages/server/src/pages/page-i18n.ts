import { LANGUAGE_KEY, LOCALES, pickLocale } from '@serving-console/contract'
import type { PageMessages } from './page-messages.js'

/** The attributes a page translates: an element marked `data-i18n-{attribute}="key"` gets the key's text there. */
export const TRANSLATED_ATTRIBUTES = ['placeholder', 'aria-label', 'title'] as const

/**
 * A message with its arguments filled in: ICU MessageFormat, as far as the pages' messages go — text and `{name}`
 * arguments (the completeness test refuses any other element in them); `''` is one apostrophe, and an apostrophe
 * before `{`, `}`, `<` or `>` quotes the text up to the next lone one. An argument without a value stays as
 * written. The pages' script runs this same function (its source goes into the script), so the server's English
 * and the page's other languages come out of one formatter. Self-contained for that: it names nothing outside it.
 * (The console formats with FormatJS; its bundle is no place for a page whose script must fit its policy's hash.)
 */
export function fill(message: string, values: Record<string, string | number> = {}): string {
  let text = ''
  for (let at = 0; at < message.length; at++) {
    const char = message.charAt(at)
    const next = message.charAt(at + 1)
    if (char === "'" && next === "'") {
      text += "'"
      at++
    } else if (char === "'" && '{}<>'.includes(next) && next !== '') {
      for (at++; at < message.length; at++) {
        if (message.charAt(at) !== "'") text += message.charAt(at)
        else if (message.charAt(at + 1) === "'") {
          text += "'"
          at++
        } else break
      }
    } else if (char === '{') {
      const end = message.indexOf('}', at)
      const name = message.slice(at + 1, end).trim()
      text += Object.hasOwn(values, name) ? String(values[name]) : `{${name}}`
      at = end
    } else text += char
  }
  return text
}

/**
 * The start of a server page's inline script: it speaks the console's language. The page comes in English; this
 * picks the language the console would (the person's choice in local storage, else the browser's languages),
 * sets `<html lang>`, puts the language's text into the elements marked `data-i18n="key"` (whose other `data-*`
 * attributes fill the `{arguments}`) and the attributes marked `data-i18n-{attribute}`, and defines
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
const fill = ${fill.toString()};
function t(key, values) {
  return fill(MESSAGES[LOCALE][key], values);
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
