// The architecture's import rules, checked on every import:
// - a console feature (src/features/<name>/) never imports another feature;
// - shared console code (lib/, components/) never imports a feature or the app shell;
// - the console and the server never import each other (only the contract is shared).
import { dirname, relative, resolve, sep } from 'node:path'

const root = process.cwd()

/** Where a file sits in the architecture. */
function placeOf(absolutePath) {
  const path = relative(root, absolutePath).split(sep).join('/')
  const feature = /^packages\/console\/src\/features\/([^/]+)\//.exec(path)
  if (feature) return { pkg: 'console', area: 'feature', feature: feature[1] }
  const area = /^packages\/console\/src\/([^/]+)\//.exec(path)
  if (area) return { pkg: 'console', area: area[1] }
  const pkg = /^packages\/([^/]+)\//.exec(path)
  return { pkg: pkg ? pkg[1] : 'other', area: null }
}

const PACKAGE_NAMES = { '@serving-console/console': 'console', '@serving-console/server': 'server' }

function violation(from, to) {
  if ((from.pkg === 'console' && to.pkg === 'server') || (from.pkg === 'server' && to.pkg === 'console')) {
    return `${from.pkg} must not import from ${to.pkg}; share through @serving-console/contract`
  }
  if (from.pkg !== 'console' || to.pkg !== 'console') return null
  if (from.area === 'feature' && to.area === 'feature' && from.feature !== to.feature) {
    return `feature "${from.feature}" must not import feature "${to.feature}"; move shared code to lib/ or components/`
  }
  if ((from.area === 'lib' || from.area === 'components') && (to.area === 'feature' || to.area === 'app')) {
    return `shared ${from.area}/ must not import from ${to.area === 'app' ? 'the app shell' : `feature "${to.feature}"`}`
  }
  return null
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps console features, console and server apart' },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename)
    const check = (node) => {
      const source = node.source?.value
      if (typeof source !== 'string') return
      let to
      if (source.startsWith('.')) to = placeOf(resolve(dirname(context.filename), source) + '/')
      else {
        const name = Object.keys(PACKAGE_NAMES).find((pkg) => source === pkg || source.startsWith(`${pkg}/`))
        if (!name) return
        to = { pkg: PACKAGE_NAMES[name], area: null }
      }
      const message = violation(from, to)
      if (message) context.report({ node: node.source, message })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}
