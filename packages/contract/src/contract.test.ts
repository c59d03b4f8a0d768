import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  AdminUserList,
  api,
  ApiKeyList,
  AuditFilterOptions,
  AuditSearchResponse,
  BannedIpList,
  BannedKeyList,
  CreatedKey,
  RateLimitConfig,
  ClusterVersion,
  DeviceCount,
  EngineMap,
  ErrorBody,
  href,
  ModelFamilies,
  ModelRegistrationList,
  RunningModelList,
  toWireModelType,
  upstreamPath,
} from './index.js'

const fixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../fixtures/xinference-v1.8/${name}`, import.meta.url)),
      'utf8',
    ),
  )

describe('model types', () => {
  it('sends llm as LLM and leaves the other kinds alone', () => {
    expect(toWireModelType('llm')).toBe('LLM')
    expect(toWireModelType('LLM')).toBe('LLM')
    expect(toWireModelType('embedding')).toBe('embedding')
    expect(href(api.listRegistrations, { model_type: 'llm' }, { detailed: true })).toBe(
      '/api/v1/model_registrations/LLM?detailed=true',
    )
  })

  it('encodes model names in paths', () => {
    expect(href(api.getRegistration, { model_type: 'llm', model_name: 'a/b c' })).toBe(
      '/api/v1/model_registrations/LLM/a%2Fb%20c',
    )
  })

  it('maps SPEC paths to upstream paths', () => {
    expect(upstreamPath('/api/v1/models')).toBe('/v1/models')
    expect(upstreamPath('/v1/cluster/version')).toBe('/v1/cluster/version')
    expect(upstreamPath('/token')).toBe('/token')
  })
})

describe('real upstream answers parse', () => {
  it('reads the v1.8 LLM catalogue with flattened specs', () => {
    const list = ModelRegistrationList.parse(fixture('llm-detailed.json'))
    expect(list.length).toBe(120)
    expect(list[0]?.model_specs?.[0]?.quantization).toBe('none')
  })

  it('reads engines, families, version, devices and the running list', () => {
    const engines = fixture('llm-engines.json') as Record<string, unknown>
    for (const map of Object.values(engines)) EngineMap.parse(map)
    expect(ModelFamilies.parse(fixture('families.json')).chat.length).toBeGreaterThan(0)
    expect(ClusterVersion.parse(fixture('cluster-version.json'))['full-revisionid']).toMatch(/^[0-9a-f]{40}$/)
    expect(DeviceCount.parse(fixture('cluster-devices.json'))).toBe(0)
    expect(RunningModelList.parse(fixture('models-running.json')).data).toEqual([])
  })

  it('accepts string and list error details and rejects bodies without one', () => {
    expect(ErrorBody.safeParse({ detail: 'Not Found' }).success).toBe(true)
    expect(ErrorBody.safeParse({ detail: [{ loc: ['body', 'x'], msg: 'field required' }] }).success).toBe(
      true,
    )
    expect(ErrorBody.safeParse({ message: 'nope' }).success).toBe(false)
  })
})

describe('Xinference v3.2.1’s administration answers parse, as recorded', () => {
  const v3 = (name: string) =>
    (
      JSON.parse(
        readFileSync(
          fileURLToPath(
            new URL(`../../../fixtures/xinference-recorded/v3.2.1/${name}.json`, import.meta.url),
          ),
          'utf8',
        ),
      ) as { response: { body: unknown } }
    ).response.body

  it('reads its users, keys, limits, bans and audit', () => {
    expect(AdminUserList.parse(v3('230-users-list'))).toHaveLength(1)
    expect(
      ApiKeyList.parse(v3('213-keys-list')).map((key) => key.model_permissions[0]?.permission_type),
    ).toEqual(['all', 'model_id', 'model_type'])
    expect(CreatedKey.parse(v3('211-keys-create-model-id'))).toMatchObject({ name: 'tiny-only' })
    expect(RateLimitConfig.parse(v3('250-security-rate-limit-get')).ip.max_failures).toBe(10)
    expect(BannedIpList.parse(v3('257-security-banned-ips'))[0]?.ip).toBe('127.0.0.2')
    expect(BannedKeyList.parse(v3('261-security-banned-keys'))[0]?.key_id).toBe(1)
    const audit = AuditSearchResponse.parse(v3('271-audit-search'))
    expect(audit.hits.length).toBeGreaterThan(0)
    expect(audit.hits.every((hit) => hit.endpoint.startsWith('/'))).toBe(true)
    expect(AuditFilterOptions.parse(v3('270-audit-filter-options')).user).toEqual(['admin', 'alice'])
  })
})
