import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { theme } from './src/lib/theme'
import { themeVariables, themeVariablesCss } from './vite-theme-variables'

/** Every stylesheet of the console, as text (read from disk: Vitest hands CSS imports over empty). */
const src = join(dirname(fileURLToPath(import.meta.url)), 'src')
const stylesheets = Object.fromEntries(
  readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.css'))
    .map((path) => [path, readFileSync(join(src, path), 'utf8')]),
)

describe('themeVariables', () => {
  const written = themeVariables(theme)
  const defined = new Map(
    [...written.matchAll(/--(sc-[\w-]+):([^;]*);/g)].map(([, name, value]) => [name, value]),
  )

  it('defines every theme variable a stylesheet uses, each with a value', () => {
    const used = new Set(
      Object.values(stylesheets).flatMap((css) =>
        [...css.matchAll(/var\(--(sc-[\w-]+)\)/g)].map(([, name]) => name),
      ),
    )
    expect(Object.keys(stylesheets).length).toBeGreaterThan(5)
    expect(used.size).toBeGreaterThan(10)
    for (const name of used) expect(defined.has(name), `--${String(name)}`).toBe(true)
    for (const [name, value] of defined) expect(value, `--${name}`).toMatch(/^(?!undefined$|$)/)
  })

  it('takes its values from the theme', () => {
    expect(defined.get('sc-primary')).toBe(theme.palette.primary.main)
    expect(defined.get('sc-error')).toBe('#d8342c')
    expect(defined.get('sc-radius')).toBe(`${String(theme.shape.borderRadius)}px`)
  })

  it('is the stylesheet behind virtual:theme-variables.css, which the console imports', () => {
    const plugin = themeVariablesCss() as unknown as {
      resolveId: (id: string) => string | null
      load: (id: string) => string | null
    }
    const id = plugin.resolveId('virtual:theme-variables.css')
    expect(id).toMatch(/^\0/)
    expect(plugin.load(id as string)).toBe(written)
    expect(plugin.resolveId('./other.css')).toBeNull()
    expect(readFileSync(join(src, 'app/mount.tsx'), 'utf8')).toContain("import 'virtual:theme-variables.css'")
  })
})
