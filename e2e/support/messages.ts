import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Locale } from '@serving-console/contract'

const catalogues = fileURLToPath(new URL('../../packages/console/src/i18n/messages/', import.meta.url))

/**
 * A console message in a language, as its catalogue has it (`message('zh-CN', 'shell.nav.launchModel')`), with
 * `{name}` arguments filled in: the tests follow the translations instead of copying them.
 */
export function message(locale: Locale, id: string, values: Record<string, string> = {}): string {
  const [area, ...key] = id.split('.')
  const messages = JSON.parse(readFileSync(`${catalogues}${locale}/${area}.json`, 'utf8')) as Record<
    string,
    string
  >
  const text = messages[key.join('.')]
  if (text === undefined) throw new Error(`no message ${id} in ${locale}`)
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`)
}
