import { apiAreas } from './areas.js'
import { servedPaths, type Access, type Route } from './route.js'

/** How docs/routes.md is written again from the table. */
export const ROUTES_DOC_COMMAND = 'npm run routes-doc -w packages/contract'

const accessText = (access: Access) =>
  access === 'public'
    ? 'anyone'
    : access === 'signed-in'
      ? 'any signed-in user'
      : typeof access === 'string'
        ? `\`${access}\``
        : access.map((scope) => `\`${scope}\``).join(' or ')

const row = (route: Route) => {
  const upstream = servedPaths(route)[1]
  return [
    route.method,
    `\`${route.path}\``,
    upstream ? `\`${upstream}\`` : '',
    accessText(route.access),
    route.apiKey ? 'yes' : '',
    route.whilePasswordMustChange ? 'yes' : '',
    route.audit,
    route.summary,
  ]
}

const line = (cells: readonly string[]) =>
  `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`

/** docs/routes.md: every route of the table by area, rendered from it (a contract test keeps the file in step). */
export function renderRoutesDoc(): string {
  const head = [
    'Method',
    'Path',
    'Upstream path',
    'Access',
    'API key',
    'Password reset',
    'Audit',
    'What it does',
  ]
  // By path, then method: a module namespace lists its exports alphabetically under Node and in source order under
  // Vitest, so neither order is one the script and its test would both see.
  const areas = Object.entries(apiAreas).flatMap(([area, routes]) => [
    `## ${area}`,
    '',
    line(head),
    line(head.map(() => '---')),
    ...Object.values(routes)
      .sort(byPath)
      .map((route: Route) => line(row(route))),
    '',
  ])
  return [
    '# API routes',
    '',
    `<!-- Generated from packages/contract/src/api/ by \`${ROUTES_DOC_COMMAND}\`: edit the table, not this file. -->`,
    '',
    'Every route the server answers, in both modes, as the route table in `packages/contract/src/api/` declares it:',
    'the server registers each from its entry and the console builds its URL from the same entry.',
    '',
    '- **Upstream path**: the platform serves the route at upstream Xinference’s `/v1` path too (the gateway',
    '  answers SPEC’s path and forwards upstream’s as it is).',
    '- **Access**: who may call it with auth on: anyone, any signed-in user, or a user holding the scope (or one',
    '  of the scopes); `admin` holds every scope. See [security.md](security.md).',
    '- **API key**: an API key of the user store may call it (on the models its permissions name).',
    '- **Password reset**: a user whose password was reset may call it before changing the password.',
    '- **Audit**: the category the audit trail records the call under (`none`: never recorded); reads are',
    '  recorded only when refused. A path the table does not list (the gateway forwards every other `/v1` path',
    '  as it is) is `auth` under `/v1/auth/`, `none` under `/v1/audit/`, `inference` under `/v1/chat/`,',
    '  `/v1/completions`, `/v1/embeddings`, `/v1/rerank`, `/v1/images/` and `/v1/audio/`, and `admin`',
    '  elsewhere (`auditCategoryOf`).',
    '',
    ...areas,
  ].join('\n')
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']
const byPath = (a: Route, b: Route) =>
  a.path.localeCompare(b.path, 'en') || METHODS.indexOf(a.method) - METHODS.indexOf(b.method)
