import { describe, expect, it, vi } from 'vitest'

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
