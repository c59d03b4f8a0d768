import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The console's own modules that `entry` imports statically, all the way down (dynamic imports load later, and a
 * type import is gone from the build). An import statement ends at its quoted path: `[^']` keeps each match inside
 * one statement.
 */
function staticClosure(entry: string, seen = new Map<string, string>()): Map<string, string> {
  if (seen.has(entry)) return seen
  const code = readFileSync(entry, 'utf8')
  seen.set(entry, code)
  for (const [, from] of code.matchAll(/^import\s(?!type\s)[^']*?from\s'(\.[^']+)'/gm)) {
    const base = resolve(dirname(entry), from as string)
    const file = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((path) => existsSync(path))
    if (file) staticClosure(file, seen)
  }
  return seen
}

describe("the first screen's code", () => {
  // The shell and the Launch page: what renders before the first card.
  const firstScreen = new Map([
    ...staticClosure(join(src, 'app/mount.tsx')),
    ...staticClosure(join(src, 'features/launch-model/launch-model-page.tsx')),
  ])

  it('imports nothing of MUI or emotion (docs/decisions/0014: their styling cost the first card ~90 ms, their theme ~16 ms)', () => {
    expect(firstScreen.size).toBeGreaterThan(20)
    const imports = [...firstScreen].flatMap(([file, code]) =>
      [...code.matchAll(/^import\s(?!type\s)[^']*?from\s'([^'.][^']*)'/gm)].map(
        ([, from]) => `${file.slice(src.length)}: ${String(from)}`,
      ),
    )
    expect(imports.length).toBeGreaterThan(20)
    expect(imports.filter((line) => /: @(mui|emotion)\//.test(line))).toEqual([])
  })

  it('imports no other screen, and of the Launch page not its drawer or dialogs (each loads when opened)', () => {
    const files = [...firstScreen.keys()].map((file) => file.slice(src.length + 1))
    expect(files.filter((file) => file.startsWith('features/launch-model/')).length).toBeGreaterThan(3)
    // The exceptions: the strip under the header that names failed models, on every screen, with the health
    // answer it reads (two small files of Running Models); and the loaders of two screens' heavier chunks, which
    // app/screens.ts asks for beside the screen's own.
    const everyScreen = [
      'features/running-models/components/attention-strip.tsx',
      'features/running-models/api/health.ts',
      'features/register-model/form-chunk.ts',
      'features/running-models/table-chunk.ts',
    ]
    expect(
      files.filter(
        (file) =>
          /^features\/(cluster-info|login|register-model|running-models|system)\//.test(file) &&
          !everyScreen.includes(file),
      ),
    ).toEqual([])
    expect(files.filter((file) => /^features\/launch-model\/.*(launch-drawer|-dialog\.)/.test(file))).toEqual(
      [],
    )
  })
})
