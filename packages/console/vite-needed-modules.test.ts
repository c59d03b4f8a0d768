import { describe, expect, it } from 'vitest'
import { neededModules } from './vite-needed-modules'

/** A module graph as the bundler gives it: each module's code and the ids it imports, in the code's order. */
const modules: Record<string, { code: string; importedIds: string[] }> = {
  '/app/main.js': {
    code: `import { a, api } from 'pkg'\nimport { page } from './page.js'\nconsole.log(a, api.one, page)`,
    importedIds: ['/pkg/index.js', '/app/page.js', '\0vite/preload-helper.js'],
  },
  '/app/page.js': { code: `export const page = 1`, importedIds: [] },
  '/app/passes-the-table.js': {
    code: `import { api } from 'pkg'\nexport const table = api`,
    importedIds: ['/pkg/index.js'],
  },
  '/app/namespace.js': {
    code: `import * as contract from 'pkg'\nconsole.log(contract.a)`,
    importedIds: ['/pkg/index.js'],
  },
  '/app/out-of-order.js': {
    code: `import { a } from 'pkg'\nimport { page } from './page.js'\nconsole.log(a, page)`,
    importedIds: ['/app/page.js', '/pkg/index.js'],
  },
  '/pkg/index.js': {
    code: `export * from './a.js'\nexport * from './table.js'`,
    importedIds: ['/pkg/a.js', '/pkg/table.js'],
  },
  '/pkg/a.js': { code: `export const a = 1`, importedIds: [] },
  '/pkg/table.js': {
    code: `import * as api from './entries.js'\nexport { api }`,
    importedIds: ['/pkg/entries.js'],
  },
  '/pkg/entries.js': {
    code: `export * from './one.js'\nexport * from './two.js'`,
    importedIds: ['/pkg/one.js', '/pkg/two.js'],
  },
  '/pkg/one.js': {
    code: `import { Schema } from './schemas.js'\nexport const one = { Schema }`,
    importedIds: ['/pkg/schemas.js'],
  },
  '/pkg/schemas.js': { code: `export const Schema = {}`, importedIds: [] },
  '/pkg/two.js': { code: `export const two = 2`, importedIds: [] },
  '\0vite/preload-helper.js': { code: `export const preload = 1`, importedIds: [] },
}
const infoOf = (id: string) => modules[id] ?? null
const inPackage = (id: string) => id.startsWith('/pkg/')
const needed = (start: string) => [...neededModules(start, infoOf, inPackage)].filter(inPackage).sort()

describe('neededModules', () => {
  it('takes of a barrel only the modules that define the names read, and the members read of a namespace it names', () => {
    expect(needed('/app/main.js')).toEqual([
      '/pkg/a.js',
      '/pkg/entries.js',
      '/pkg/index.js',
      '/pkg/one.js',
      '/pkg/schemas.js',
      '/pkg/table.js',
    ])
    expect(neededModules('/app/main.js', infoOf, inPackage)).toContain('/app/page.js')
  })

  it('takes of a namespace of the barrel the names read of it', () => {
    expect(needed('/app/namespace.js')).toEqual(['/pkg/a.js', '/pkg/index.js'])
  })

  it('takes the whole table where the namespace is used otherwise than by its members', () => {
    expect(needed('/app/passes-the-table.js')).toContain('/pkg/two.js')
    expect(needed('/app/passes-the-table.js')).toContain('/pkg/one.js')
  })

  it("takes the barrel whole where the ids do not line up with the code's imports", () => {
    expect(needed('/app/out-of-order.js')).toEqual([
      '/pkg/a.js',
      '/pkg/entries.js',
      '/pkg/index.js',
      '/pkg/one.js',
      '/pkg/schemas.js',
      '/pkg/table.js',
      '/pkg/two.js',
    ])
  })
})
