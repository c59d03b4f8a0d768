import { describe, expect, it } from 'vitest'
import { auditQuery, auditQueryString, NO_FILTERS } from './audit-query'

describe('the audit query', () => {
  it('asks the last hour by default, the first page of 50', () => {
    expect(auditQueryString(NO_FILTERS, 0)).toBe('time_from=now-1h&page_from=0&size=50')
  })

  it('sends the filters set, trimmed, and the page asked', () => {
    expect(
      auditQuery(
        { ...NO_FILTERS, range: '7d', user: ' alice ', status: 'denied', client_ip: '', tier: 'security' },
        2,
      ),
    ).toEqual({
      time_from: 'now-7d',
      user: 'alice',
      status: 'denied',
      tier: 'security',
      page_from: 100,
      size: 50,
    })
  })

  it('leaves the page out for the export, and escapes values', () => {
    expect(auditQueryString({ ...NO_FILTERS, range: '15m', model_id: 'my model&x' })).toBe(
      'time_from=now-15m&model_id=my+model%26x',
    )
  })
})
