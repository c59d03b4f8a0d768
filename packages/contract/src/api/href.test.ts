import { describe, expect, it } from 'vitest'
import { href } from './route.js'
import { api } from './table.js'

describe('href', () => {
  it('fills each param as one encoded segment', () => {
    expect(href(api.getModel, { model_uid: 'my llm/1' })).toBe('/api/v1/models/my%20llm%2F1')
    expect(href(api.getUser, { user_id: 3 })).toBe('/api/v1/admin/users/3')
    expect(href(api.deleteLaunchRecord, { model_name: 'qwen', model_uid: 'a?b' })).toBe(
      '/api/v1/launch_history/qwen/a%3Fb',
    )
  })

  it("spells a param as the wire does where the entry says so (upstream's LLM)", () => {
    expect(href(api.listRegistrations, { model_type: 'llm' }, { detailed: true })).toBe(
      '/api/v1/model_registrations/LLM?detailed=true',
    )
    expect(href(api.getModelFit, { model_type: 'embedding', model_name: 'bge' })).toBe(
      '/api/v1/fit/embedding/bge',
    )
  })

  it('keeps the defined query values in order, drops undefined and null ones, and encodes them', () => {
    expect(href(api.listCachedVersions, {}, { model_name: 'a b&c', worker_ip: undefined })).toBe(
      '/api/v1/cache/models?model_name=a+b%26c',
    )
    expect(href(api.getModelLogs, { model_uid: 'm' }, { tail: 200, x: null })).toBe(
      '/api/v1/models/m/logs?tail=200',
    )
    expect(href(api.listModels)).toBe('/api/v1/models')
    expect(href(api.searchAudit, {}, 'page=1&size=20')).toBe('/api/v1/audit/search?page=1&size=20')
    expect(href(api.searchAudit, {}, {})).toBe('/api/v1/audit/search')
  })

  it('refuses a missing param rather than send a path with a hole', () => {
    expect(() => href(api.getModel, {} as { model_uid: string })).toThrow('no value for :model_uid')
  })
})
