import { describe, expect, it } from 'vitest'
import { FailureBans } from '../src/admin/auth/failure-bans.js'
import { as, FIRST, makeKey, storeApp } from './store-helper.js'

const anyNumber: unknown = expect.any(Number)

describe('failure limits and bans (upstream v3’s /v1/admin/security)', () => {
  it(
    'ban an address after failed authentications, and a key after refused uses; unban lifts them',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeApp()
      expect((await app.inject({ url: '/v1/admin/security/rate-limit', headers: admin })).json()).toEqual({
        ip: { max_failures: 10, window_seconds: 300, ban_seconds: 3600 },
        key: { max_failures: 5, window_seconds: 300, ban_seconds: 3600 },
      })
      const limits = {
        ip: { max_failures: 3, window_seconds: 60, ban_seconds: 120 },
        key: { max_failures: 3, window_seconds: 60, ban_seconds: 120 },
      }
      const put = await app.inject({
        method: 'PUT',
        url: '/v1/admin/security/rate-limit',
        headers: admin,
        payload: limits,
      })
      expect(put.json()).toEqual({ ok: true })
      const tooMany = { ...limits, ip: { ...limits.ip, max_failures: 0 } }
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/v1/admin/security/rate-limit',
            headers: admin,
            payload: tooMany,
          })
        ).statusCode,
      ).toBe(422)

      const other = '127.0.0.2'
      const from = (ip: string, headers: Record<string, string>) =>
        app.inject({ url: '/v1/models', headers, remoteAddress: ip })
      const banStarts = Date.now()
      for (let i = 0; i < 3; i++) expect((await from(other, as('garbage'))).statusCode).toBe(401)
      // Banned: what the address sends without a valid credential is refused, at once …
      for (const headers of [as('garbage'), {}]) {
        const banned = await from(other, headers)
        expect([banned.statusCode, banned.json()]).toEqual([
          429,
          { detail: 'Too many failed attempts. IP temporarily banned.' },
        ])
      }
      const signInFrom = (password: string) =>
        app.inject({ method: 'POST', url: '/token', payload: { ...FIRST, password }, remoteAddress: other })
      expect((await signInFrom('not the password')).statusCode).toBe(429)
      // … but not whoever else is behind it: a valid token, a right password (and so the unban) still pass.
      expect((await from(other, admin)).statusCode).toBe(200)
      expect((await signInFrom(FIRST.password)).statusCode).toBe(200)
      expect((await from('127.0.0.1', admin)).statusCode).toBe(200)
      // The trail has the ban itself, from the banned address (in the request tier: anyone can make one).
      const trail = await app.inject({
        url: '/v1/audit/search?status=ip_banned&tier=request',
        headers: admin,
      })
      const bansInTrail = trail
        .json<{ hits: { client_ip: string; endpoint: string }[] }>()
        .hits.filter((hit) => hit.endpoint === '')
      expect(bansInTrail.map((hit) => hit.client_ip)).toEqual([other])
      const bans = (await app.inject({ url: '/v1/admin/security/banned-ips', headers: admin })).json<
        { remaining_seconds: number }[]
      >()
      expect(bans).toEqual([{ ip: other, banned_until: anyNumber, remaining_seconds: anyNumber }])
      // A ban of 120 s, less the whole seconds gone since it began (the sign-ins above take time on a busy machine).
      const gone = Math.ceil((Date.now() - banStarts) / 1000)
      expect(bans[0]?.remaining_seconds).toBeLessThanOrEqual(120)
      expect(bans[0]?.remaining_seconds).toBeGreaterThanOrEqual(120 - gone)
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/v1/admin/security/unban-ip',
            headers: admin,
            payload: {},
          })
        ).json(),
      ).toEqual({ detail: 'ip required' })
      await app.inject({
        method: 'POST',
        url: '/v1/admin/security/unban-ip',
        headers: admin,
        payload: { ip: other },
      })
      expect((await from(other, as('garbage'))).statusCode).toBe(401)

      // A disabled key used three times: the (address, key) pair is banned, even once the key is enabled again.
      const key = await makeKey(app, admin, { name: 'k' })
      await app.inject({
        method: 'PUT',
        url: `/v1/admin/keys/${key.id}`,
        headers: admin,
        payload: { enabled: false },
      })
      for (let i = 0; i < 3; i++) expect((await from(other, as(key.key))).statusCode).toBe(401)
      await app.inject({
        method: 'PUT',
        url: `/v1/admin/keys/${key.id}`,
        headers: admin,
        payload: { enabled: true },
      })
      const keyBanned = await from(other, as(key.key))
      expect([keyBanned.statusCode, keyBanned.json()]).toEqual([
        429,
        { detail: 'Too many failed attempts for this key.' },
      ])
      expect((await from('127.0.0.3', as(key.key))).statusCode).toBe(200)
      expect((await app.inject({ url: '/v1/admin/security/banned-keys', headers: admin })).json()).toEqual([
        // Named as the key list names it (v3 gives only its id), never by its secret.
        {
          ip: other,
          key_id: key.id,
          key_name: 'k',
          key_prefix: key.prefix,
          banned_until: anyNumber,
          remaining_seconds: 120,
        },
      ])
      expect((await app.inject({ url: `/v1/admin/keys/${key.id}/banned`, headers: admin })).json()).toEqual([
        { ip: other, banned_until: anyNumber, remaining_seconds: 120 },
      ])
      const all = await app.inject({
        method: 'POST',
        url: '/v1/admin/security/unban-all-keys',
        headers: admin,
      })
      expect(all.json()).toEqual({ unbanned: 1 })
      expect((await from(other, as(key.key))).statusCode).toBe(200)
    },
  )

  it('count an address however it is written: IPv4 in IPv6, and IPv6 by its /64', () => {
    const bans = new FailureBans({ load: () => undefined, save: () => undefined })
    bans.setConfig({
      ip: { max_failures: 1, window_seconds: 60, ban_seconds: 600 },
      key: { max_failures: 1, window_seconds: 60, ban_seconds: 600 },
    })
    bans.failIp('::ffff:10.0.0.1')
    expect(bans.ipBan('10.0.0.1')).toBe(600)
    expect(bans.bannedIps()).toMatchObject([{ ip: '10.0.0.1' }])
    expect(bans.unbanIp('10.0.0.1')).toBe(true)
    expect(bans.ipBan('::ffff:10.0.0.1')).toBe(0)
    bans.failIp('2001:db8:1:2::1')
    expect(bans.ipBan('2001:db8:1:2:ffff::9')).toBe(600)
    expect(bans.ipBan('2001:db8:1:3::1')).toBe(0)
    expect(bans.unbanIp('2001:db8:1:2::77')).toBe(true)
    bans.failKey('::ffff:10.0.0.2', { id: 7, name: 'k', prefix: 'xf-abc' })
    expect(bans.keyBan('10.0.0.2', 7)).toBe(600)
    expect(bans.bannedKeys()).toMatchObject([{ ip: '10.0.0.2', key_id: 7 }])
  })

  it('keep bounded memory and let a ban outlive a flood of new names', () => {
    let now = 0
    const bans = new FailureBans({ load: () => undefined, save: () => undefined }, () => now)
    bans.setConfig({
      ip: { max_failures: 1, window_seconds: 60, ban_seconds: 600 },
      key: { max_failures: 1, window_seconds: 60, ban_seconds: 600 },
    })
    bans.failIp('10.0.0.1')
    expect(bans.ipBan('10.0.0.1')).toBe(600)
    bans.setConfig({
      ip: { max_failures: 2, window_seconds: 60, ban_seconds: 600 },
      key: { max_failures: 2, window_seconds: 60, ban_seconds: 600 },
    })
    for (let i = 0; i < 20_000; i++) bans.failIp(`10.1.${String(i >> 8)}.${String(i & 255)}`)
    expect(bans.ipBan('10.0.0.1')).toBe(600)
    now = 601_000
    expect(bans.ipBan('10.0.0.1')).toBe(0)
  })

  it('count failures within the window only, and keep a ban through further failures', () => {
    let now = 0
    const bans = new FailureBans({ load: () => undefined, save: () => undefined }, () => now)
    const limit = { max_failures: 3, window_seconds: 60, ban_seconds: 600 }
    bans.setConfig({ ip: limit, key: limit })
    bans.failIp('10.0.0.1')
    bans.failIp('10.0.0.1')
    now = 61_000 // the first two fall out of the window
    bans.failIp('10.0.0.1')
    bans.failIp('10.0.0.1')
    expect(bans.ipBan('10.0.0.1')).toBe(0)
    bans.failIp('10.0.0.1')
    expect(bans.ipBan('10.0.0.1')).toBe(600)
    now += 100_000
    bans.failIp('10.0.0.1')
    expect(bans.ipBan('10.0.0.1')).toBe(500)
    expect(bans.unbanAllIps()).toBe(1)
    expect(bans.bannedIps()).toEqual([])
  })
})
