import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { LOCALES } from '@serving-console/contract'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AREAS } from './catalogue'

/*
 * Nothing can be left untranslated, in the console or on the server's own pages (the chat page, the page at a
 * model's address without one, the gateway's page for a web UI on the cluster: their catalogues are laid out as
 * the console's, `messages/{locale}/{page}.json`, and read here as data): every message exists in every language
 * with the same ICU arguments, none is empty or unparsable, and every English message of the console is used by
 * its code (the pages' are checked by the server's test of them). (No text outside the catalogues: ESLint's
 * i18next/no-literal-string, eslint.config.js.)
 */

const here = import.meta.dirname
const PAGES = join(here, '../../../server/src/pages/messages')
interface Catalogue {
  name: string
  folder: string
  areas: string[]
  /** The only kinds of ICU element its messages may hold, when its formatter knows no more. */
  elements?: TYPE[]
}
const CATALOGUES: Catalogue[] = [
  { name: 'the console', folder: join(here, 'messages'), areas: AREAS },
  {
    name: "the server's pages",
    folder: PAGES,
    areas: readdirSync(join(PAGES, 'en')).map((file) => file.replace(/\.json$/, '')),
    // The pages' own formatter (server/src/pages/page-i18n.ts) knows text and arguments, no more.
    elements: [TYPE.literal, TYPE.argument],
  },
]
const read = (folder: string, locale: string, area: string) =>
  JSON.parse(readFileSync(join(folder, locale, `${area}.json`), 'utf8')) as Record<string, string>

/** A message's arguments and their kinds (`count:plural`, `name:argument`, `link:tag`), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    found.add(`${element.value}:${TYPE[element.type]}`)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, found)
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, found)
  }
  return found
}
const argumentsIn = (message: string) => [...argumentsOf(parse(message))].sort()

describe.each(CATALOGUES)('the message catalogues of $name', ({ folder, areas, elements }) => {
  it('has the same files in every language', () => {
    for (const locale of LOCALES) {
      expect(readdirSync(join(folder, locale)).sort(), locale).toEqual(
        areas.map((area) => `${area}.json`).sort(),
      )
    }
  })

  for (const area of areas) {
    const english = read(folder, 'en', area)
    for (const locale of LOCALES.filter((one) => one !== 'en')) {
      it(`${locale} ${area}: every message, no other, with the same arguments`, () => {
        const translated = read(folder, locale, area)
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort())
        for (const [key, message] of Object.entries(english)) {
          const translation = translated[key] ?? ''
          expect(translation.trim(), `${locale} ${area}.${key}`).not.toBe('')
          expect(argumentsIn(translation), `${locale} ${area}.${key}`).toEqual(argumentsIn(message))
        }
      })
    }
  }

  if (elements) {
    it('uses only the elements its formatter knows', () => {
      for (const locale of LOCALES) {
        for (const area of areas) {
          for (const [key, message] of Object.entries(read(folder, locale, area))) {
            const unknown = parse(message).filter((element) => !elements.includes(element.type))
            expect(
              unknown.map((element) => TYPE[element.type]),
              `${locale} ${area}.${key}`,
            ).toEqual([])
          }
        }
      }
    })
  }
})

describe('the console', () => {
  it('every English message is used by the code', () => {
    const sources: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) sources.push(path)
      }
    }
    walk(join(here, '..'))
    const code = sources.map((path) => readFileSync(path, 'utf8')).join('\n')
    const unused = AREAS.flatMap((area) =>
      Object.keys(read(join(here, 'messages'), 'en', area))
        .map((key) => `${area}.${key}`)
        .filter((id) => !code.includes(`'${id}'`)),
    )
    expect(unused, `not used in ${relative(here, join(here, '..'))}`).toEqual([])
  })
})
