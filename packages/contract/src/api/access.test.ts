import { describe, expect, it } from 'vitest'
import { accessOfRequest, neededPermission } from './access-table.js'
import { href } from './route.js'
import { api } from './table.js'

describe('neededPermission', () => {
  it('names the scope of a request as the console sends it, its parameters and query filled in', () => {
    expect(neededPermission('POST', href(api.launchModel))).toBe('models:start')
    expect(neededPermission('DELETE', href(api.terminateModel, { model_uid: 'my-llm' }))).toBe('models:stop')
    expect(neededPermission('GET', '/api/v1/audit/search?page=1&size=20')).toBe('admin')
    expect(neededPermission('GET', href(api.getClusterInfo, {}, { detailed: true }))).toBe('admin')
  })

  it('prefers the most specific pattern: launches is a list, not a model called "launches"', () => {
    expect(accessOfRequest('GET', '/api/v1/models/launches')).toBe('models:list')
    expect(accessOfRequest('GET', '/api/v1/models/my-llm/progress')).toBe('models:read')
  })

  it("reads upstream's /v1 paths as their SPEC ones (the gateway forwards them under the same scopes)", () => {
    expect(neededPermission('PUT', '/v1/admin/users/3/permissions')).toBe('users:manage')
    expect(neededPermission('HEAD', '/v1/models')).toBe('models:list')
  })

  it('joins the scopes of a route any of which opens it', () => {
    expect(neededPermission('GET', '/api/v1/admin/keys', ' or ')).toBe('keys:create or keys:manage')
  })

  it('names none where no permission would help: open routes, any signed-in user, routes it does not know', () => {
    expect(neededPermission('POST', '/token')).toBeNull()
    expect(neededPermission('PUT', '/v1/auth/password')).toBeNull()
    expect(neededPermission('PATCH', '/api/v1/nowhere')).toBeNull()
  })
})
