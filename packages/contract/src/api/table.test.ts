import { describe, expect, it } from 'vitest'
import { SCOPES } from '../auth.js'
import { routeName } from './lookup.js'
import type { Route } from './route.js'
import { apiAreas, apiRoutes } from './areas.js'
import { api } from './table.js'

const METHODS = ['GET', 'POST', 'PUT', 'DELETE']
const DECIDED: readonly string[] = ['public', 'signed-in', ...SCOPES]

/** The keys of an object schema (`z.object({...})`), or none. */
const keysOf = (schema: Route['params']) =>
  schema && 'shape' in schema ? Object.keys(schema.shape as Record<string, unknown>).sort() : []

describe('the route table', () => {
  it('has one entry per method and path', () => {
    const names = apiRoutes.map(routeName)
    expect(names.filter((name, at) => names.indexOf(name) !== at)).toEqual([])
  })

  it('lists each entry in exactly one area, under one name', () => {
    const inAreas = Object.values(apiAreas).flatMap((area) => Object.entries(area))
    expect(inAreas.map(([name]) => name).sort()).toEqual(Object.keys(api).sort())
    for (const [name, route] of inAreas) expect(api[name as keyof typeof api]).toBe(route)
  })

  it("gives every :param of a path a key in the entry's params schema, and nothing else", () => {
    for (const route of apiRoutes) {
      const named = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => name).sort()
      expect(keysOf(route.params), routeName(route)).toEqual(named)
    }
  })

  it('decides access and audit for every entry (checked at run time, not only by the types)', () => {
    for (const route of apiRoutes) {
      const scopes = typeof route.access === 'string' ? [route.access] : [...route.access]
      const known = scopes.every((scope) => DECIDED.includes(scope))
      expect(known && scopes.length > 0, `${routeName(route)}: access ${String(route.access)}`).toBe(true)
      expect(['auth', 'inference', 'admin', 'none'], routeName(route)).toContain(route.audit)
      expect(METHODS, routeName(route)).toContain(route.method)
      expect(route.summary.trim(), routeName(route)).not.toBe('')
      expect(route.apiKey === undefined || route.apiKey, routeName(route)).toBe(true)
      expect(route.whilePasswordMustChange === undefined || route.whilePasswordMustChange).toBe(true)
    }
  })
})
