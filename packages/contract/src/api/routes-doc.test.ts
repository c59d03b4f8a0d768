import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderRoutesDoc, ROUTES_DOC_COMMAND } from './routes-doc.js'
import { apiRoutes } from './areas.js'

describe('docs/routes.md', () => {
  it('is the rendering of the route table', () => {
    const written = readFileSync(new URL('../../../../docs/routes.md', import.meta.url), 'utf8')
    expect(written === renderRoutesDoc(), `docs/routes.md is stale: run \`${ROUTES_DOC_COMMAND}\``).toBe(true)
  })

  it('lists every route once', () => {
    const rendered = renderRoutesDoc()
    for (const route of apiRoutes) {
      expect(
        rendered.split('\n').filter((line) => line.startsWith(`| ${route.method} | \`${route.path}\` |`)),
      ).toHaveLength(1)
    }
  })
})
