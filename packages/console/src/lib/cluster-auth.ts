import { apiPaths, ClusterAuth } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from './api-client'
import { applyClusterAuth } from './auth'

/**
 * `GET /api/v1/cluster/auth`, asked whenever a screen that needs it mounts (the shell, Login), since a server may
 * switch auth on or off between visits. The answer sets the token cookie (SPEC §4) as soon as it arrives, so the
 * screen that renders with it already sees the settled cookie.
 */
export const clusterAuthQuery = queryOptions({
  queryKey: ['cluster', 'auth'],
  queryFn: async ({ signal }) => {
    const answer = await api.get(apiPaths.clusterAuth, { schema: ClusterAuth, signal })
    applyClusterAuth(answer.auth)
    return answer
  },
  staleTime: 0,
})
