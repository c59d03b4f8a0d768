import { api } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { apiQuery } from './api-query'
import { useCluster } from './cluster-scope'

/**
 * `GET /api/v1/console/features`: what the server behind the console can do. The embedded platform can do
 * everything; a gateway to an Xinference cluster cannot show per-model logs or read model files, so the console
 * hides those instead of offering buttons that can only fail. Asked once; a failure hides them too.
 */
export const serverFeaturesQuery = apiQuery(api.getServerFeatures, undefined, undefined, {
  staleTime: Infinity,
  meta: { silent: true },
})

/** What a cluster held by this server can do, as its routes here answer it (docs/clusters.md). */
const clusterFeaturesQuery = (cluster: string) =>
  apiQuery(api.getServerFeatures, undefined, undefined, {
    cluster,
    staleTime: Infinity,
    meta: { silent: true },
  })

/** What the server the screen works on can do: this one, or the cluster it works on (`ClusterScope`). */
export function useServerFeatures() {
  const cluster = useCluster()
  return useQuery(cluster === undefined ? serverFeaturesQuery : clusterFeaturesQuery(cluster)).data
}

/** Whether the server the screen works on has this feature; false until it said so. */
export function useServerFeature(
  feature:
    | 'model_logs'
    | 'model_health'
    | 'model_restart'
    | 'model_fit'
    | 'cluster_history'
    | 'file_info'
    | 'quotas'
    | 'alerts'
    | 'downloads',
): boolean {
  return useServerFeatures()?.[feature] === true
}

/** Whether one may change one's own password here: only the platform's user store has the route. */
export function useOwnPasswordChange(): boolean {
  const features = useQuery(serverFeaturesQuery).data
  return features?.mode === 'platform' && features.administration === 'users'
}

/**
 * Whether the server is the embedded platform (not a gateway): its audit trail has tiers (security events,
 * requests), and it keeps a launch that failed among its launches.
 */
export function usePlatform(): boolean {
  return useQuery(serverFeaturesQuery).data?.mode === 'platform'
}
