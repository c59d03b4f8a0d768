import { dirname, resolve } from 'node:path'
import { parseSync } from 'vite'

/** What the bundler's module graph tells of a module: what it imports, and its code after the transforms. */
export type ModuleInfoOf = (id: string) => { importedIds: readonly string[]; code?: string | null } | null

/** Where a name comes from: a module's export, or (`*`) the module's namespace. */
interface Binding {
  id: string
  name: string
}

/** A module as its code reads. */
interface Parsed {
  /** Each import's local name and what it is bound to. */
  imports: Map<string, Binding>
  /** Each export's name and what it is bound to; `own` where the module defines it. */
  exports: Map<string, Binding | 'own'>
  /** `export * from` each of these. */
  stars: string[]
  /** It only imports and re-exports (a barrel): what it names need not come with it. */
  barrel: boolean
  /** A local name used only as `name.member`: the members; 'any' where it is used otherwise. */
  members: (local: string) => Set<string> | 'any'
}

type Node = { type: string; [key: string]: unknown }
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/**
 * A module and what it imports statically, all the way down; except that where a module imports names from a barrel
 * of a side-effect-free package (`inPackage`), only the package's modules that define those names come, with what
 * they import. Followed module by module, the contract's barrel brought every route's schemas onto the first screen,
 * for zod to build there, though it reads a few routes (docs/decisions/0011, amended 2026-11-29).
 * The graph gives a module's imported ids in the order its code names them (then any the bundler adds, such as its
 * preload helper); where the two do not line up, or a barrel is used in a way not followed here (a namespace passed
 * around), the barrel comes whole, as before.
 */
export function neededModules(start: string, infoOf: ModuleInfoOf, inPackage: (id: string) => boolean) {
  const needed = new Set<string>()
  const named = new Set<string>()
  const cache = new Map<string, Parsed | null>()
  const parsed = (id: string) => {
    if (!cache.has(id)) cache.set(id, parse(id, infoOf))
    return cache.get(id) ?? null
  }
  const isBarrel = (id: string) => inPackage(id) && parsed(id)?.barrel === true

  /** The module and what it imports; a barrel it imports, by the names it reads of it. */
  const whole = (id: string): void => {
    if (needed.has(id)) return
    needed.add(id)
    const imported = infoOf(id)?.importedIds ?? []
    const barrels = isBarrel(id) ? [] : imported.filter(isBarrel)
    const module = barrels.length > 0 ? parsed(id) : null
    for (const other of imported) if (!module || !barrels.includes(other)) whole(other)
    if (!module) return
    const read = new Set<string>()
    for (const [local, binding] of module.imports) {
      if (!barrels.includes(binding.id)) continue
      read.add(binding.id)
      needs(binding, module.members(local))
    }
    // Re-exported by this module, or imported for nothing: not followed by name.
    for (const barrel of barrels) if (!read.has(barrel)) whole(barrel)
  }

  /** What defines `binding` (of it, the members named where they are known: `api.listModels` is one route). */
  const needs = (binding: Binding, members: Set<string> | 'any'): void => {
    const { id, name } = binding
    const module = parsed(id)
    if (!isBarrel(id) || !module) return whole(id)
    named.add(id) // a barrel holds no code of its own: what it names is followed by name
    if (name === '*') {
      if (members === 'any') return whole(id)
      for (const member of members) needs({ id, name: member }, 'any')
      return
    }
    const bound = module.exports.get(name)
    if (bound === 'own') return whole(id)
    if (bound) return needs(bound, members)
    for (const star of module.stars) if (exportsName(star, name)) return needs({ id: star, name }, members)
  }

  const exportsName = (id: string, name: string, visited = new Set<string>()): boolean => {
    if (visited.has(id)) return false
    visited.add(id)
    const module = parsed(id)
    if (!module) return true // not known: taken rather than lost
    return module.exports.has(name) || module.stars.some((star) => exportsName(star, name, visited))
  }

  whole(start)
  return new Set([...needed, ...named])
}

/** A module's imports and exports, its ids matched to its import statements by order; null where they do not match. */
function parse(id: string, infoOf: ModuleInfoOf): Parsed | null {
  const info = infoOf(id)
  if (!info?.code) return null
  let body: Node[]
  try {
    body = parseSync(id, info.code).program.body as unknown as Node[]
  } catch {
    return null
  }
  const sources: string[] = []
  for (const statement of body) {
    const source = (statement.source as { value?: unknown } | null | undefined)?.value
    if (typeof source === 'string' && !sources.includes(source)) sources.push(source)
  }
  if (sources.length > info.importedIds.length) return null
  const idOf = new Map<string, string>()
  for (const [at, source] of sources.entries()) {
    const imported = info.importedIds[at] as string
    if (source.startsWith('.')) {
      const path = resolve(dirname(id), source)
      if (imported !== path && !imported.startsWith(`${path}.`) && !imported.startsWith(`${path}/index.`))
        return null
    }
    idOf.set(source, imported)
  }
  const from = (statement: Node) => idOf.get((statement.source as { value: string }).value) as string
  const nameOf = (node: unknown) =>
    (node as { name?: string; value?: string }).name ?? (node as { value: string }).value

  const imports = new Map<string, Binding>()
  const exports = new Map<string, Binding | 'own'>()
  const stars: string[] = []
  let barrel = true
  for (const statement of body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers as Node[]) {
        const imported =
          specifier.type === 'ImportNamespaceSpecifier'
            ? '*'
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : nameOf(specifier.imported)
        imports.set(nameOf(specifier.local), { id: from(statement), name: imported })
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      if (statement.exported) exports.set(nameOf(statement.exported), { id: from(statement), name: '*' })
      else stars.push(from(statement))
    } else if (statement.type === 'ExportNamedDeclaration') {
      for (const specifier of statement.specifiers as Node[]) {
        const local = nameOf(specifier.local)
        const binding = statement.source ? { id: from(statement), name: local } : imports.get(local)
        if (!binding) barrel = false
        exports.set(nameOf(specifier.exported), binding ?? 'own')
      }
      const declaration = statement.declaration as Node | null
      if (declaration) {
        barrel = false
        for (const declared of declaredNames(declaration)) exports.set(declared, 'own')
      }
    } else {
      barrel = false
      if (statement.type === 'ExportDefaultDeclaration') exports.set('default', 'own')
    }
  }
  const uses = new Map<string, Set<string> | 'any'>()
  return {
    imports,
    exports,
    stars,
    barrel,
    members: (local) => {
      if (!uses.has(local)) uses.set(local, membersOf(body, local))
      return uses.get(local) as Set<string> | 'any'
    },
  }
}

function declaredNames(declaration: Node): string[] {
  if (declaration.type === 'VariableDeclaration')
    return (declaration.declarations as Node[]).flatMap((declarator) => {
      const target = declarator.id as Node
      return target.type === 'Identifier' ? [target.name as string] : []
    })
  const named = declaration.id as { name?: string } | null
  return named?.name ? [named.name] : []
}

/** How `local` is used in the module: only as `local.member` (those members), or otherwise ('any'). */
function membersOf(body: Node[], local: string): Set<string> | 'any' {
  const members = new Set<string>()
  // Whether it was met otherwise than as an object whose member is read (passed, spread, re-exported).
  const use = { other: false }
  const visit = (node: Node): void => {
    if (use.other || node.type === 'ImportDeclaration') return
    if (node.type === 'MemberExpression' && !node.computed && isNode(node.object)) {
      const object = node.object
      if (object.type === 'Identifier' && object.name === local)
        members.add((node.property as { name: string }).name)
      else visit(object)
      return
    }
    if (node.type === 'Identifier' && node.name === local) {
      use.other = true
      return
    }
    for (const [key, value] of Object.entries(node)) {
      // A property's key is not a use of a variable.
      if (key === 'key' && node.type === 'Property' && !node.computed) continue
      if (Array.isArray(value)) value.forEach((item) => isNode(item) && visit(item))
      else if (isNode(value)) visit(value)
    }
  }
  body.forEach(visit)
  return use.other ? 'any' : members
}
