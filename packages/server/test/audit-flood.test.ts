import { describe, expect, it } from 'vitest'
import { testConfig } from './helper.js'
import { as, FIRST, member, storeApp, storeWithUsers } from './store-helper.js'

interface Hit {
  user: string
  endpoint: string
  status: string
  tier: string
  count: number
  client_ip: string
}

describe('the audit trail under a flood', () => {
  it(
    'folds a flood of refusals into a row a minute, and keeps the administrator’s actions',
    { timeout: 60_000 },
    async () => {
      const { app, admin } = await storeWithUsers(member('evidence', ['models:list']))
      const flood = 3000
      const attacker = '127.0.0.66'
      for (let i = 0; i < flood; i++) {
        // Fresh paths, fresh junk tokens, no token at all: still nobody in particular from one address.
        const headers = i % 3 === 0 ? {} : as(`junk-${String(i)}`)
        await app.inject({ url: `/v1/models/m${String(i)}`, headers, remoteAddress: attacker })
      }
      const hits = (await app.inject({ url: '/v1/audit/search?size=500', headers: admin })).json<{
        hits: Hit[]
        total: number
      }>()
      const fromAttacker = hits.hits.filter((hit) => hit.client_ip === attacker)
      // 401s until the ban, the ban itself (no request: no endpoint), 429s after it — all in the request tier.
      expect(fromAttacker.map((hit) => [hit.tier, hit.status, hit.endpoint === ''])).toEqual([
        ['request', 'ip_banned', false],
        ['request', 'ip_banned', true],
        ['request', 'unauthorized', false],
      ])
      const counted = fromAttacker
        .filter((hit) => hit.endpoint !== '')
        .reduce((sum, hit) => sum + hit.count, 0)
      expect(counted).toBe(flood)
      // The administrator's actions are all still there, in the security tier.
      const security = hits.hits.filter((hit) => hit.tier === 'security' && hit.client_ip !== attacker)
      expect(security.map((hit) => [hit.user, hit.endpoint])).toEqual([
        [FIRST.username, '/v1/admin/users'],
        [FIRST.username, '/token'],
        [FIRST.username, '/v1/admin/setup'],
      ])
    },
  )

  it(
    'counts a client behind a trusted proxy by an address, never by any string it claims',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeApp({ ...testConfig(), authStore: true, trustProxy: ['127.0.0.1'] })
      for (const claimed of ['203.0.113.7', 'x'.repeat(5000), 'not an address']) {
        await app.inject({ url: '/v1/models', headers: { 'x-forwarded-for': claimed } })
      }
      const hits = (await app.inject({ url: '/v1/audit/search?status=unauthorized', headers: admin })).json<{
        hits: Hit[]
      }>().hits
      expect(hits.map((hit) => [hit.client_ip, hit.count])).toEqual([
        ['127.0.0.1', 2],
        ['203.0.113.7', 1],
      ])
    },
  )
})
