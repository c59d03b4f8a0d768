import { createIntl } from '@formatjs/intl'
import { parse } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it, vi } from 'vitest'
import type { Values } from './i18n'

// Each test starts from a fresh module: English's first areas only, as a first visit (not the suite's setup, which
// loads every area).
const fresh = async () => {
  vi.resetModules()
  return import('./i18n')
}

describe("a screen's messages", () => {
  it('are not here before the screen asks for them, and are after, in the language shown', async () => {
    const { t, loadAreasShown } = await fresh()
    expect(t('shell.nav.audit')).toBe('Audit')
    // Not here: FormatJS says so (in development) and falls back on the id.
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(t('cluster.title')).toBe('cluster.title')
    expect(String(said.mock.calls[0]?.[0])).toContain('Missing message: "cluster.title"')
    said.mockRestore()
    await loadAreasShown(['cluster'])
    expect(t('cluster.title')).toBe('Cluster Information')
  })

  it('follow a change of language, those asked for before it and those asked for while it loads', async () => {
    const { t, loadAreasShown, chooseLocale } = await fresh()
    await loadAreasShown(['cluster'])
    const switching = chooseLocale('zh-CN')
    const asked = loadAreasShown(['register'])
    await Promise.all([switching, asked])
    expect(t('cluster.title')).toBe('集群信息')
    expect(t('register.page.title')).toBe('注册模型')
    expect(t('shell.nav.users')).toBe('用户')
  })
})

describe('a message said without FormatJS', () => {
  // As the build writes a message: its syntax tree (vite-precompiled-messages.ts).
  const built = (message: string) => parse(message) as unknown
  const formatJs = (message: string, values?: Values) =>
    createIntl({ locale: 'en', messages: { id: message } }).formatMessage({ id: 'id' }, values)

  it('says text, plain arguments and a plural’s exact case as FormatJS does', async () => {
    const { sayPlainly } = await fresh()
    for (const [message, values] of [
      ['Launch Model', undefined],
      ['Type {hotkey} to search', { hotkey: '/' }],
      ['{count} of {total} shown', { count: 1200, total: 0 }],
      ['{count, plural, =0 {Operations} other {# under way}}', { count: 0 }],
      ['{count, plural, =0 {None for {name}} other {#}}', { count: 0, name: 'qwen' }],
    ] as [string, Values | undefined][]) {
      expect(sayPlainly(built(message), values)).toBe(formatJs(message, values))
    }
  })

  it('leaves FormatJS what needs Intl: plural rules, numbers, dates, selects, tags, a missing value', async () => {
    const { sayPlainly } = await fresh()
    expect(
      sayPlainly(built('{count, plural, =0 {Operations} other {# under way}}'), { count: 2 }),
    ).toBeUndefined()
    expect(sayPlainly(built('{count, plural, =1 {# model} other {# models}}'), { count: 1 })).toBeUndefined()
    expect(sayPlainly(built('{size, number} bytes'), { size: 1 })).toBeUndefined()
    expect(sayPlainly(built('{at, date}'), { at: new Date(0) })).toBeUndefined()
    expect(sayPlainly(built('{kind, select, a {A} other {B}}'), { kind: 'a' })).toBeUndefined()
    expect(sayPlainly(built('<b>bold</b>'))).toBeUndefined()
    expect(sayPlainly(built('Type {hotkey} to search'))).toBeUndefined()
    expect(sayPlainly(built('Type {hotkey} to search'), { hotkey: null })).toBeUndefined()
  })

  it('in the tests and the dev server (messages as text), says only text with no ICU syntax', async () => {
    const { sayPlainly } = await fresh()
    expect(sayPlainly('Launch Model')).toBe('Launch Model')
    expect(sayPlainly('Type {hotkey} to search', { hotkey: '/' })).toBeUndefined()
  })
})
