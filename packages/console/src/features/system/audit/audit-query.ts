import type { AuditQuery } from '@serving-console/contract'

/** The time ranges offered, each as v3 takes it in `time_from` (`now-15m` …). */
export const TIME_RANGES = ['15m', '1h', '24h', '7d'] as const
export type TimeRange = (typeof TIME_RANGES)[number]

/** One page of hits. */
export const PAGE_SIZE = 50

/**
 * The filters of the Audit page: the time range, text that matches a part, and a category, status and tier
 * (security events or requests; the platform's own) — '' for any.
 */
export interface AuditFilters {
  range: TimeRange
  user: string
  api_key_name: string
  model_id: string
  client_ip: string
  category: string
  status: string
  tier: string
}

export const NO_FILTERS: AuditFilters = {
  range: '1h',
  user: '',
  api_key_name: '',
  model_id: '',
  client_ip: '',
  category: '',
  status: '',
  tier: '',
}

const TEXT_FILTERS = ['user', 'api_key_name', 'model_id', 'client_ip', 'category', 'status', 'tier'] as const

/** The query the server is asked: the range as `time_from`, the filters set (trimmed), and the page if any. */
export function auditQuery(filters: AuditFilters, page?: number): AuditQuery {
  const query: AuditQuery = { time_from: `now-${filters.range}` }
  for (const name of TEXT_FILTERS) {
    const value = filters[name].trim()
    if (value) query[name] = value
  }
  if (page !== undefined) {
    query.page_from = page * PAGE_SIZE
    query.size = PAGE_SIZE
  }
  return query
}

/** The query as a query string, its parameters in a fixed order (also the cache key of the page it asks). */
export function auditQueryString(filters: AuditFilters, page?: number): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(auditQuery(filters, page))) params.set(name, String(value))
  return params.toString()
}
