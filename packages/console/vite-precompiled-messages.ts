import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

const CATALOGUE_FILE = /[\\/]src[\\/]i18n[\\/]messages[\\/]([^\\/]+)[\\/][^\\/]+\.json$/

/**
 * The message catalogues compiled at build time: each ICU message is shipped as the syntax tree FormatJS would
 * parse it into in the page, and the build takes FormatJS's parser out (its `no-parser` entry), so no first screen
 * carries the parser (~58 kB of source with its skeleton parser) or spends time parsing. Builds only: the dev server
 * and the tests keep the messages as text, which `catalogue.test.ts` checks parse.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    apply: 'build',
    // Before Vite's JSON plugin, which then makes a module of the compiled catalogue as of any JSON.
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    transform(code, id) {
      const locale = CATALOGUE_FILE.exec(id)?.[1]
      if (!locale) return null
      const messages = JSON.parse(code) as Record<string, string>
      // As IntlMessageFormat parses a message in the page: with the locale it is shown in.
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [
          key,
          parse(message, { locale: new Intl.Locale(locale) }),
        ]),
      )
      return { code: JSON.stringify(compiled), map: null }
    },
  }
}
