import { describe, expect, it } from 'vitest'
import type { ApiKey } from '@serving-console/contract'
import { createKeyRequest, describeAccess, expiryFor, keyLimitsReason, permissionsFor } from './key-access'

describe('describeAccess', () => {
  it('says All models for none, or for an `all` among them', () => {
    expect(describeAccess([])).toEqual(['All models'])
    expect(
      describeAccess([
        { permission_type: 'model_type', permission_value: 'LLM' },
        { permission_type: 'all', permission_value: null },
      ]),
    ).toEqual(['All models'])
  })

  it('names each type and model', () => {
    expect(
      describeAccess([
        { permission_type: 'model_type', permission_value: 'LLM' },
        { permission_type: 'model_id', permission_value: 'my-model' },
      ]),
    ).toEqual(['Type: LLM', 'Model: my-model'])
  })
})

describe('the create request', () => {
  it('sends the access chosen as model_permissions', () => {
    expect(permissionsFor({ kind: 'all' })).toEqual([{ permission_type: 'all', permission_value: null }])
    expect(permissionsFor({ kind: 'model_type', type: 'embedding' })).toEqual([
      { permission_type: 'model_type', permission_value: 'embedding' },
    ])
    expect(permissionsFor({ kind: 'model_id', model: ' my-model ' })).toEqual([
      { permission_type: 'model_id', permission_value: 'my-model' },
    ])
  })

  it('ends the key at the end of the chosen day, or never', () => {
    expect(expiryFor('2099-12-31')).toBe('2099-12-31T23:59:59')
    expect(expiryFor('')).toBeNull()
  })

  it('leaves out an empty description', () => {
    expect(
      createKeyRequest({ name: ' ci ', description: ' ', expires: '', access: { kind: 'all' } }),
    ).toEqual({
      name: 'ci',
      expires_at: null,
      model_permissions: [{ permission_type: 'all', permission_value: null }],
    })
    expect(
      createKeyRequest({ name: 'ci', description: 'for CI', expires: '2099-01-02', access: { kind: 'all' } }),
    ).toMatchObject({ description: 'for CI', expires_at: '2099-01-02T23:59:59' })
  })
})

describe('keyLimitsReason', () => {
  it('offers nobody but an administrator the limits of their own keys', () => {
    const key = { id: 3, owner_username: 'carol' } as ApiKey
    expect(keyLimitsReason(key, ['keys:manage'], 'carol')).toMatch(/your own API keys/)
    expect(keyLimitsReason(key, ['keys:manage'], 'dave')).toBeNull()
    expect(keyLimitsReason(key, ['admin'], 'carol')).toBeNull()
    expect(keyLimitsReason(key, null, null)).toBeNull()
  })
})
