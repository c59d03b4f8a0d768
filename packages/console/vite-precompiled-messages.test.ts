import { parse } from '@formatjs/icu-messageformat-parser'
import { createIntl } from '@formatjs/intl'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
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

  it('leave other JSON alone, and take the parser out of the build', () => {
    expect(transform('{"a": "{b}"}', join(here, 'src/lib/data.json'))).toBeNull()
    const config = (plugin.config as () => { resolve: { alias: { find: RegExp; replacement: string }[] } })()
    const [alias] = config.resolve.alias
    expect(alias?.find.test('@formatjs/icu-messageformat-parser')).toBe(true)
    expect(alias?.replacement).toBe('@formatjs/icu-messageformat-parser/no-parser.js')
    expect(plugin.apply).toBe('build')
  })
})
