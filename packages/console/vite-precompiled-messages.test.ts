import { parse } from '@formatjs/icu-messageformat-parser'
import { createIntl } from '@formatjs/intl'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { sayPlainly } from './src/i18n/i18n'
import { precompiledMessages } from './vite-precompiled-messages'

const here = dirname(fileURLToPath(import.meta.url))
const plugin = precompiledMessages()
/** The plugin's transform of the file at `id` holding `code` (null: left as it is). */
const transform = (code: string, id: string) =>
  (plugin.transform as (code: string, id: string) => { code: string } | null)(code, id)

describe('the message catalogues compiled at build time', () => {
  it('are the syntax trees the page would parse, and say the same', () => {
    const file = join(here, 'src/i18n/messages/zh-CN/launch.json')
    const text = readFileSync(file, 'utf8')
    const compiled = JSON.parse(transform(text, file)?.code ?? '{}') as Record<string, unknown>
    const messages = JSON.parse(text) as Record<string, string>
    expect(Object.keys(compiled)).toEqual(Object.keys(messages))
    const id = 'fit.estimate'
    expect(compiled[id]).toEqual(parse(messages[id] ?? '', { locale: new Intl.Locale('zh-CN') }))
    const say = (message: unknown) =>
      createIntl({ locale: 'zh-CN', messages: { [id]: message as string } }).formatMessage(
        { id },
        { sequences: 8, tokens: 1024 },
      )
    expect(say(compiled[id])).toBe(say(messages[id]))
    expect(say(compiled[id])).toContain('1,024')
  })

  it('say a message that is text alone as FormatJS does, compiled or not, and only such a message', () => {
    const folder = join(here, 'src/i18n/messages')
    let plain = 0
    for (const locale of readdirSync(folder)) {
      for (const area of readdirSync(join(folder, locale))) {
        const file = join(folder, locale, area)
        const text = readFileSync(file, 'utf8')
        const messages = JSON.parse(text) as Record<string, string>
        const compiled = JSON.parse(transform(text, file)?.code ?? '{}') as Record<string, unknown>
        for (const [id, message] of Object.entries(messages)) {
          // A message with arguments is said here without them: only whether it is text alone matters.
          const intl = createIntl({
            locale,
            messages: { [id]: compiled[id] as string },
            onError: () => undefined,
          })
          const said = intl.formatMessage({ id })
          const tree = compiled[id] as { type: number }[]
          const textAlone = tree.every((element) => element.type === 0)
          expect(sayPlainly(compiled[id]) === undefined, `${locale}/${area} ${id}`).toBe(!textAlone)
          if (sayPlainly(compiled[id]) !== undefined) expect(sayPlainly(compiled[id])).toBe(said)
          if (sayPlainly(message) !== undefined) expect(sayPlainly(message)).toBe(said)
          if (sayPlainly(message) !== undefined) plain += 1
        }
      }
    }
    // Most messages take the short way (the launch page's cards all do: its test says so in English).
    expect(plain).toBeGreaterThan(1000)
  })

  it('leave other JSON alone, and take the parser out of the build', () => {
    expect(transform('{"a": "{b}"}', join(here, 'src/lib/data.json'))).toBeNull()
    const config = (plugin.config as () => { resolve: { alias: { find: RegExp; replacement: string }[] } })()
    const [alias] = config.resolve.alias
    expect(alias?.find.test('@formatjs/icu-messageformat-parser')).toBe(true)
    expect(alias?.replacement).toBe('@formatjs/icu-messageformat-parser/no-parser.js')
    expect(plugin.apply).toBe('build')
  })
})
