import { api } from '@serving-console/contract'
import { apiQuery } from './api-query'
import { pollDelay } from './polling'

/** How often the inbox and its count are read again: one evaluation interval of the server's (docs/alerts.md). */
export const ALERTS_REFRESH_MS = 15_000

/**
 * `GET /api/v1/alerts`: the inbox (the newest 200 alerts) and how many fire unacknowledged, read again while shown.
 * Shared by System → Alerts and the needs-attention strip, which says the count on every screen.
 */
export const alertsQuery = apiQuery(api.listAlerts, undefined, 'state=all', {
  meta: { silent: true },
  refetchInterval: (query) => pollDelay(ALERTS_REFRESH_MS, query.state.error),
})
