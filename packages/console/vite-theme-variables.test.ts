import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { theme } from './src/lib/theme'
import { themeVariables, themeVariablesCss } from './vite-theme-variables'

/** Every stylesheet and component of the console, as text (read from disk: Vitest hands CSS imports over empty). */
const src = join(dirname(fileURLToPath(import.meta.url)), 'src')
const sources = (ending: RegExp) =>
  Object.fromEntries(
    readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((path) => ending.test(path) && !/\.test\.tsx?$/.test(path))
      .map((path) => [path, readFileSync(join(src, path), 'utf8')]),
  )
const stylesheets = sources(/\.css$/)
const components = sources(/\.tsx?$/)

const written = themeVariables(theme)
/** The declarations of the rule for `selector` in the written stylesheet. */
function rule(selector: string): Map<string, string> {
  const at = written.indexOf(`${selector}{`)
  const body = written.slice(at + selector.length + 1, written.indexOf('}', at))
  return new Map(
    [...body.matchAll(/(--sc-[\w-]+):([^;]*);/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
  )
}
const light = rule(':root, [data-color-scheme="light"]')
const dark = rule('[data-color-scheme="dark"]')

describe('the design tokens', () => {
  it('define every variable a stylesheet uses, each with a value', () => {
    const defined = new Set([...written.matchAll(/(--sc-[\w-]+):/g)].map(([, name]) => name))
    const used = new Set(
      Object.values(stylesheets).flatMap((css) =>
        [...css.matchAll(/var\((--sc-[\w-]+)\)/g)].map(([, name]) => name),
      ),
    )
    expect(Object.keys(stylesheets).length).toBeGreaterThan(10)
    expect(used.size).toBeGreaterThan(20)
    for (const name of used) expect(defined.has(name), String(name)).toBe(true)
    expect(written).not.toMatch(/:(undefined)?;/)
  })

  it('take their values from the theme, for the light and the dark scheme', () => {
    expect(light.get('--sc-palette-primary-main')).toBe('#3b4ca8')
    expect(light.get('--sc-palette-error-main')).toBe('#d8342c')
    expect(dark.get('--sc-palette-primary-main')).toBe(theme.colorSchemes.dark?.palette.primary.main)
    expect(dark.get('--sc-palette-background-default')).toBe(
      theme.colorSchemes.dark?.palette.background.default,
    )
    // Every colour the light scheme names, the dark one names too.
    for (const name of light.keys())
      if (name.startsWith('--sc-palette-')) expect(dark.has(name), name).toBe(true)
    expect(written).toContain(`--sc-shape-borderRadius:${String(theme.shape.borderRadius)}px;`)
  })

  it('are the only colours: no stylesheet or component writes one of its own', () => {
    const literal = /#[\da-f]{3,8}\b|\b(?:rgba?|hsla?)\(\s*\d|(?<![-\w])(?:white|black)(?![-\w])/i
    for (const [path, text] of Object.entries({ ...stylesheets, ...components })) {
      if (path.endsWith('lib/theme.ts')) continue
      // Comments may name colours; the code may not.
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*(\/\/|\*).*$/gm, '')
      expect(code.match(literal)?.[0], path).toBeUndefined()
    }
  })

  it('are the stylesheet behind virtual:theme-variables.css, which the console imports', () => {
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
