import { dirname, resolve, sep } from 'node:path'
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite'
import { type ModuleInfoOf, neededModules } from './vite-needed-modules.ts'

/**
 * The console starts in two parts: a small entry (`entry`, `src/main.ts`), which starts the first screen's requests
 * as soon as it runs, and the rest (`rest`, `src/app/mount.tsx`: React DOM, the theme, the shell), which the entry
 * imports dynamically. This plugin
 * - makes each part one chunk: the entry's modules go into the entry's chunk group (`index`), and every module the
 *   rest needs and the entry does not into the rest's (`mount`). Left alone, the bundler splits out each module a
 *   part shares with a lazy screen, not knowing that both parts are always there first: the Launch page came in 16
 *   files instead of 10. For the parts' needs to be known from their imports, the console imports MUI by path,
 *   never from the `@mui/material` barrel (which imports every component);
 * - puts the shared components (`shared`, a folder) that need nothing beyond the two parts in the rest's chunk too:
 *   the page header, the tabs, the error notice, which most screens show. As chunks of their own (the bundler
 *   splits out what several lazy screens share) they were three more requests for the Launch page, and its first
 *   card came ~14 ms later (docs/decisions/0011);
 * - lets index.html fetch the rest's chunk beside the entry, rather than once the entry has run.
 * A part needs of `byName` (side-effect-free packages that the console imports through a barrel: the contract) only the
 * modules that define the names it reads (vite-needed-modules.ts); the rest of such a package goes with the screens
 * that read it. The paths are relative to the project root.
 */
export function earlyEntry(
  entry: string,
  rest: string,
  shared: string,
  byName: readonly string[] = [],
): Plugin {
  let root = process.cwd()
  let base = './'
  let parts: { entry: Set<string>; rest: Set<string> } | undefined // each part's own modules, found once per build
  const inParts = (id: string) => parts?.entry.has(id) || parts?.rest.has(id)
  let packageFolders: string[] = [] // byName's, resolved at the build's start
  const inPackage = (id: string) => packageFolders.some((folder) => id.startsWith(folder))
  return {
    name: 'serving-console:early-entry',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id, chunking) => {
                    const infoOf: ModuleInfoOf = (moduleId) => chunking.getModuleInfo(moduleId)
                    const closure = (start: string) => neededModules(start, infoOf, inPackage)
                    if (!parts) {
                      const entryModules = closure(resolve(root, entry))
                      parts = {
                        entry: entryModules,
                        rest: difference(closure(resolve(root, rest)), entryModules),
                      }
                    }
                    if (parts.entry.has(id)) return 'index'
                    if (parts.rest.has(id)) return 'mount'
                    const folder = resolve(root, shared) + sep
                    const plain =
                      id.startsWith(folder) &&
                      [...closure(id)].every((m) => inParts(m) || m.startsWith(folder))
                    return plain ? 'mount' : null
                  },
                  debugName: "the entry's and the rest's own modules",
                  // Each part's modules only: what a lazy screen alone needs stays with it.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
    configResolved(config) {
      root = config.root
      base = config.base
    },
    async buildStart() {
      parts = undefined
      const importer = resolve(root, entry)
      packageFolders = await Promise.all(
        byName.map(async (specifier) => {
          const resolved = await this.resolve(specifier, importer)
          if (!resolved) throw new Error(`earlyEntry: ${specifier} is not found from ${entry}`)
          return dirname(resolved.id) + sep
        }),
      )
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entryChunk }): HtmlTagDescriptor[] {
        if (!bundle || !entryChunk) return []
        const restChunk = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.moduleIds.includes(resolve(root, rest)),
        )
        if (!restChunk) throw new Error(`earlyEntry: no chunk of ${rest} in the build`)
        const linked = chunkClosure(bundle, entryChunk.fileName) // index.html links these already
        return [...chunkClosure(bundle, restChunk.fileName)]
          .filter((fileName) => !linked.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
            injectTo: 'head',
          }))
      },
    },
  }
}

/** A chunk and the chunks it imports statically, all the way down. */
function chunkClosure(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen
  seen.add(fileName)
  const file = bundle[fileName]
  if (file?.type === 'chunk') for (const imported of file.imports) chunkClosure(bundle, imported, seen)
  return seen
}

const difference = <T>(a: Set<T>, b: Set<T>) => new Set([...a].filter((item) => !b.has(item)))
