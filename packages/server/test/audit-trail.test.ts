import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AuditLog, parseTime } from '../src/admin/audit/audit-log.js'
import { csvChunks, search } from '../src/admin/audit/audit-query.js'
import { AuditReader } from '../src/admin/audit/audit-reader.js'
import { openDatabase } from '../src/platform/db/database.js'
import { postChat, tempDir } from './helper.js'
import { as, CHAT, FIRST, makeKey, storeApp } from './store-helper.js'

describe('the audit trail', () => {
  it(
    'records sign-ins, changes and refusals with who, where and what, never a secret or a prompt',
    { timeout: 30_000 },
    async () => {
      const { app, admin } = await storeApp()
      await app.inject({
        method: 'POST',
        url: '/token',
        payload: { ...FIRST, password: 'the wrong password' },
      })
      const key = await makeKey(app, admin, {
        name: 'tiny-only',
        model_permissions: [{ permission_type: 'model_id', permission_value: 'tiny' }],
      })
      await postChat(app, CHAT('tiny2'), as(key.key))
      await app.inject({ url: '/v1/models', headers: admin }) // a read that passes: not recorded

      const search = await app.inject({ url: '/v1/audit/search?size=20', headers: admin })
      expect(search.statusCode).toBe(200)
      const { hits, total } = search.json<{ hits: Record<string, unknown>[]; total: number }>()
      expect(total).toBe(hits.length)
      expect(hits.map((hit) => [hit.category, hit.user, hit.endpoint, hit.status])).toEqual([
        ['inference', FIRST.username, '/v1/chat/completions', 'denied'],
        ['admin', FIRST.username, '/v1/admin/keys', 'success'],
        ['auth', FIRST.username, '/token', 'login_failed'],
        ['auth', FIRST.username, '/token', 'success'],
        ['admin', FIRST.username, '/v1/admin/setup', 'success'],
      ])
      expect(hits[0]).toMatchObject({
        auth_type: 'api_key',
        api_key_name: 'tiny-only',
        api_key_prefix: key.prefix,
        model_id: 'tiny2',
        http_status: 403,
        client_ip: '127.0.0.1',
      })
      const everything = JSON.stringify(hits)
      for (const secret of [FIRST.password, 'the wrong password', key.key, 'the prompt itself']) {
        expect(everything).not.toContain(secret)
      }

      // Filters as v3's, a CSV export, the filters' values.
      const filtered = await app.inject({
        url: '/v1/audit/search?category=auth&status=login_failed,denied',
        headers: admin,
      })
      expect(filtered.json()).toMatchObject({
        total: 1,
        hits: [{ endpoint: '/token', status: 'login_failed' }],
      })
      const byKey = await app.inject({
        url: '/api/v1/audit/search?api_key_name=TINY&model_id=tiny',
        headers: admin,
      })
      expect(byKey.json()).toMatchObject({ total: 1 })
      const later = await app.inject({
        url: '/v1/audit/search?time_from=now-1s&time_to=now-0s',
        headers: admin,
      })
      expect(later.statusCode).toBe(200)
      const old = await app.inject({ url: '/v1/audit/search?time_to=2000-01-01T00:00:00Z', headers: admin })
      expect(old.json()).toEqual({ hits: [], total: 0 })
      for (const query of ['size=abc', 'size=501', 'time_from=yesterday', `user=${'u'.repeat(257)}`]) {
        expect(
          (await app.inject({ url: `/v1/audit/search?${query}`, headers: admin })).statusCode,
          query,
        ).toBe(422)
      }
      const csv = await app.inject({ url: '/api/v1/audit/export?category=auth', headers: admin })
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-[\d-T]+\.csv"$/)
      const lines = csv.body.trimEnd().split('\r\n')
      expect(lines[0]).toBe(
        'timestamp,last_timestamp,count,tier,category,auth_type,user,api_key_name,api_key_prefix,method,endpoint,model_id,model_name,model_type,status,http_status,latency_ms,client_ip',
      )
      expect(lines).toHaveLength(3)
      expect((await app.inject({ url: '/v1/audit/filter-options', headers: admin })).json()).toMatchObject({
        user: [FIRST.username],
        api_key_name: ['tiny-only'],
        model_id: ['tiny2'],
        client_ip: ['127.0.0.1'],
      })
      // Reading the trail is not recorded; a non-admin may not read it.
      expect(
        (await app.inject({ url: '/v1/audit/search', headers: admin })).json<{ total: number }>().total,
      ).toBe(total)
    },
  )

  it('names the key a refusal was for when the key itself is refused (disabled), never its secret', async () => {
    const { app, admin } = await storeApp()
    const key = await makeKey(app, admin, { name: 'switched-off' })
    await app.inject({
      method: 'PUT',
      url: `/v1/admin/keys/${key.id}`,
      headers: admin,
      payload: { enabled: false },
    })
    expect((await app.inject({ url: '/v1/models', headers: as(key.key) })).statusCode).toBe(401)

    const { hits } = (
      await app.inject({ url: '/v1/audit/search?status=unauthorized', headers: admin })
    ).json<{
      hits: Record<string, unknown>[]
    }>()
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({
      auth_type: 'api_key',
      api_key_name: 'switched-off',
      api_key_prefix: key.prefix,
      http_status: 401,
    })
    expect(JSON.stringify(hits)).not.toContain(key.key)
  })

  it('keeps each tier to its bound, the newest, and writes CSV no spreadsheet runs as a formula', () => {
    const db = openDatabase(tempDir())
    const audit = new AuditLog(db, { security: { rows: 10, days: 365 }, request: { rows: 5, days: 30 } })
    const row = (user: string, tier: 'security' | 'request' = 'security') => ({
      tier,
      category: 'admin',
      auth_type: 'jwt',
      user,
      api_key_name: '',
      api_key_prefix: '',
      model_id: '',
      model_name: '',
      model_type: '',
      method: 'POST',
      endpoint: '/x',
      status: 'success',
      http_status: 200,
      latency_ms: 1,
      client_ip: '1.2.3.4',
    })
    for (let i = 0; i < 25; i++) audit.record(row(`user${String(i)}`))
    // Request noise, however much of it, leaves the security tier as it was.
    for (let i = 0; i < 50; i++) audit.record(row(`noise${String(i)}`, 'request'))
    audit.prune('security')
    audit.prune('request')
    const found = search(db, { size: 100 })
    expect('hits' in found && found.hits.map((hit) => hit.user)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `noise${String(49 - i)}`),
      ...Array.from({ length: 10 }, (_, i) => `user${String(24 - i)}`),
    ])
    // Too old for its tier: gone at the next prune, whatever the count.
    audit.record(row('last year', 'request'), new Date(Date.now() - 40 * 86_400_000))
    audit.prune('request')
    const kept = search(db, { size: 100, time_from: 'now-100d' })
    expect('hits' in kept && kept.hits.map((hit) => hit.user)).not.toContain('last year')

    audit.record(row('=HYPERLINK("http://evil")'))
    audit.record(row('x;=1+1;y'))
    const csvText = [...csvChunks(db, { size: 100 })].join('')
    expect(csvText).toContain(`"'=HYPERLINK(""http://evil"")"`)
    // Quoted whole: a spreadsheet splitting on ';' still reads one field, which starts with no formula's sign.
    expect(csvText).toContain('"x;=1+1;y"')
    db.close()
  })

  it('reads in a thread of its own, one at a time, and turns away a ninth waiting read at once', async () => {
    const dir = tempDir()
    const db = openDatabase(dir)
    const reader = new AuditReader(join(dir, 'platform.db'))
    try {
      const reads = Array.from({ length: 10 }, () =>
        reader.search({}).then(
          () => 'read',
          (error: unknown) => error,
        ),
      )
      const answers = await Promise.all(reads)
      expect(answers.slice(0, 9)).toEqual(Array(9).fill('read'))
      expect(answers[9]).toMatchObject({
        statusCode: 503,
        message: 'The audit trail is answering other reads; try again shortly.',
      })
      // Once they are answered, reads are taken again.
      expect(await reader.search({})).toEqual({ hits: [], total: 0 })
    } finally {
      await reader.close()
      db.close()
    }
  })

  it('reads v3’s time bounds', () => {
    expect(parseTime('now', 1_000_000)).toBe(1_000_000)
    expect(parseTime('now-15m', 1_000_000)).toBe(100_000)
    expect(parseTime('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1))
    expect(parseTime('next week')).toBeUndefined()
  })
})
