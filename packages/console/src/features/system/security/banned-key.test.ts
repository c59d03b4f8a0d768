import type { ApiKey, BannedKey } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { bannedKeyName } from './banned-key'

const ban = (extra: object = {}): BannedKey => ({
  ip: '10.0.0.2',
  key_id: 7,
  banned_until: 0,
  remaining_seconds: 60,
  ...extra,
})

describe('bannedKeyName', () => {
  it('takes the name and prefix the platform sends with the ban', () => {
    expect(bannedKeyName(ban({ key_name: 'ci', key_prefix: 'xf-AbC' }), undefined)).toEqual({
      name: 'ci',
      prefix: 'xf-AbC',
      id: 7,
    })
  })

  it("finds them in the key list where the ban has only the key's id (upstream v3)", () => {
    const keys = [{ id: 7, name: 'ci', key_prefix: 'xf-AbC' }] as ApiKey[]
    expect(bannedKeyName(ban(), keys)).toEqual({ name: 'ci', prefix: 'xf-AbC', id: 7 })
    expect(bannedKeyName(ban(), [])).toEqual({ name: null, prefix: null, id: 7 })
  })
})
