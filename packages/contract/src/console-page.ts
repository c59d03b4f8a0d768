import type { Locale } from './languages.js'

/**
 * The console's page in `locale`, as the build writes it (its first screen prerendered in that language) and the
 * server sends it: English is `index.html` itself, what a browser that asks for none of the others gets.
 */
export const consolePageFile = (locale: Locale): string =>
  locale === 'en' ? 'index.html' : `index.${locale}.html`

/** The addresses whose first screen the prerendered shell is: the console's home, the Launch page's LLM tab. */
export const SHELL_ROUTES = ['', '#', '#/', '#/launch_model/llm']

/**
 * The inline script after the prerendered shell in index.html (the console's app/shell/prerendered-shell.ts), run
 * as the page is parsed, before the first paint: at any other address the console shows as it renders. The
 * server's policy admits it by its hash.
 */
export const SHELL_ADDRESS_CHECK = `if(${JSON.stringify(SHELL_ROUTES)}.indexOf(location.hash.split('?')[0])<0){document.getElementById('shell').remove();document.getElementById('root').removeAttribute('hidden')}`
