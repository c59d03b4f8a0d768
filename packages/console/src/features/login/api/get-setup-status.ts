import { apiPaths, SetupStatus } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/**
 * `GET /api/v1/admin/setup/status`: whether an Xinference v3 cluster behind the gateway still needs its first
 * administrator, in which case no sign-in can work yet. Servers without the route (Xinference 1.x/2.x) simply
 * have no set-up step: its failure is silent.
 */
export const setupStatusQuery = queryOptions({
  queryKey: ['admin', 'setup-status'],
  queryFn: ({ signal }) =>
    api.get(apiPaths.setupStatus, { schema: SetupStatus, signal, reportAuthStatus: false }),
  retry: false,
  meta: { silent: true },
})
