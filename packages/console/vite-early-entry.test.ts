import { resolve } from 'node:path'
import type { HtmlTagDescriptor, Plugin, Rollup, UserConfig } from 'vite'
import { describe, expect, it } from 'vitest'
import { earlyEntry } from './vite-early-entry'

const root = '/project'
const at = (path: string) => resolve(root, path)

/** A module graph: each module and what it imports statically. */
const graph: Record<string, string[]> = {
  [at('src/main.ts')]: [at('src/lib/api.ts')],
  [at('src/lib/api.ts')]: [],
  [at('src/app/mount.tsx')]: [at('src/app/shell.tsx'), at('src/lib/api.ts')],
  [at('src/app/shell.tsx')]: [at('node_modules/ui/button.js')],
  [at('node_modules/ui/button.js')]: [],
  [at('src/pages/page.tsx')]: [at('node_modules/ui/button.js'), at('node_modules/ui/dialog.js')],
  [at('node_modules/ui/dialog.js')]: [],
  [at('src/components/header.tsx')]: [
    at('src/components/header.css'),
    at('src/lib/api.ts'),
    at('node_modules/ui/button.js'),
  ],
  [at('src/components/header.css')]: [],
  [at('src/components/confirm.tsx')]: [at('src/components/header.tsx'), at('node_modules/ui/dialog.js')],
}

function setUp() {
  const plugin = earlyEntry('src/main.ts', 'src/app/mount.tsx', 'src/components') as Plugin & {
    config: () => UserConfig
    configResolved: (config: { root: string; base: string }) => void
    buildStart: () => void
    transformIndexHtml: {
      handler: (
        html: string,
        context: { bundle?: Rollup.OutputBundle; chunk?: Rollup.OutputChunk },
      ) => HtmlTagDescriptor[]
    }
  }
  plugin.configResolved({ root, base: './' })
  plugin.buildStart()
  const output = plugin.config().build?.rolldownOptions?.output
  if (!output || Array.isArray(output) || typeof output.codeSplitting !== 'object')
    throw new Error('no groups')
  const [group] = output.codeSplitting.groups ?? []
  if (!group || typeof group.name !== 'function') throw new Error('no group')
  const chunking = { getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id] } : null) }
  const chunkOf = (id: string) => (group.name as (id: string, c: unknown) => string | null)(id, chunking)
  return { plugin, chunkOf }
}

const chunk = (fileName: string, imports: string[], moduleIds: string[] = []) =>
  ({ type: 'chunk', fileName, imports, moduleIds }) as unknown as Rollup.OutputChunk

describe('earlyEntry', () => {
  it("puts each part's modules in its one chunk, including what a lazy page shares", () => {
    const { chunkOf } = setUp()
    expect(chunkOf(at('src/main.ts'))).toBe('index')
    expect(chunkOf(at('src/lib/api.ts'))).toBe('index') // the rest and the page need it too: still the entry's
    expect(chunkOf(at('src/app/shell.tsx'))).toBe('mount')
    expect(chunkOf(at('node_modules/ui/button.js'))).toBe('mount') // shared with the page: still the rest's
    expect(chunkOf(at('node_modules/ui/dialog.js'))).toBeNull() // the page's alone
  })

  it('puts the shared components that need nothing more with the rest, and no others', () => {
    const { chunkOf } = setUp()
    expect(chunkOf(at('src/components/header.tsx'))).toBe('mount')
    expect(chunkOf(at('src/components/header.css'))).toBe('mount')
    expect(chunkOf(at('src/components/confirm.tsx'))).toBeNull() // it would bring the dialog
  })

  it("lets index.html fetch the rest's chunk and its imports, beside the entry's", () => {
    const { plugin } = setUp()
    const entry = chunk('assets/index.js', ['assets/api.js'])
    const bundle = {
      'assets/index.js': entry,
      'assets/api.js': chunk('assets/api.js', []),
      'assets/mount.js': chunk(
        'assets/mount.js',
        ['assets/api.js', 'assets/ui.js'],
        [at('src/app/mount.tsx')],
      ),
      'assets/ui.js': chunk('assets/ui.js', []),
      'assets/page.js': chunk('assets/page.js', ['assets/mount.js']),
    } as Rollup.OutputBundle
    const tags = plugin.transformIndexHtml.handler('', { bundle, chunk: entry })
    expect(tags.map((tag) => [tag.tag, tag.attrs?.rel, tag.attrs?.href])).toEqual([
      ['link', 'modulepreload', './assets/mount.js'],
      ['link', 'modulepreload', './assets/ui.js'],
    ])
  })

  it('fails the build when the rest has no chunk', () => {
    const { plugin } = setUp()
    const entry = chunk('assets/index.js', [])
    expect(() =>
      plugin.transformIndexHtml.handler('', {
        bundle: { 'assets/index.js': entry },
        chunk: entry,
      }),
    ).toThrow(/no chunk of src\/app\/mount.tsx/)
  })
})
