import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { LOCALES } from '@serving-console/contract'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AREAS } from './catalogue'

/*
 * Nothing can be left untranslated: every message exists in every language with the same ICU arguments, none is
 * empty or unparsable, and every English message is used by the code. (No text outside the catalogues: ESLint's
 * i18next/no-literal-string, eslint.config.js.)
 */

const here = import.meta.dirname
const read = (locale: string, area: string) =>
  JSON.parse(readFileSync(join(here, 'messages', locale, `${area}.json`), 'utf8')) as Record<string, string>

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

describe('the message catalogues', () => {
  for (const area of AREAS) {
    const english = read('en', area)
    for (const locale of LOCALES.filter((one) => one !== 'en')) {
      it(`${locale} ${area}: every message, no other, with the same arguments`, () => {
        const translated = read(locale, area)
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort())
        for (const [key, message] of Object.entries(english)) {
          const translation = translated[key] ?? ''
          expect(translation.trim(), `${locale} ${area}.${key}`).not.toBe('')
          expect(argumentsIn(translation), `${locale} ${area}.${key}`).toEqual(argumentsIn(message))
        }
      })
    }
  }

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
      Object.keys(read('en', area))
        .map((key) => `${area}.${key}`)
        .filter((id) => !code.includes(`'${id}'`)),
    )
    expect(unused, `not used in ${relative(here, join(here, '..'))}`).toEqual([])
  })
})
