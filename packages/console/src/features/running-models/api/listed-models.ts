import { useQueries, useQuery } from '@tanstack/react-query'
import { useClusters, type ListedModel } from '../../../lib/clusters'
import { runningModelsQuery } from '../../../lib/running-models'

/** A cluster whose models are not listed now: it was found down or refusing, or its list failed. */
export interface ClusterTrouble {
  cluster: string
  /** In the server's or the cluster's words. */
  detail: string
}

/**
 * Every running model this console can see: this server's own, then each cluster's it holds (docs/clusters.md),
 * each list read on its own, so one cluster down, slow or refusing never blanks or holds up the others: its
 * models are left out and said so (`troubles`).
 */
export function useListedModels(cookie: string | undefined) {
  const own = useQuery(runningModelsQuery(cookie))
  const clusters = useClusters()
  const theirs = useQueries({
    queries: clusters.map((cluster) => ({
      ...runningModelsQuery(cookie, cluster.name),
      // A cluster's failure is said in the page, for that cluster: no toast, no retries that keep it waiting.
      meta: { silent: true },
      retry: false,
    })),
  })
  const rows: ListedModel[] | undefined = own.data && [
    ...own.data,
    ...theirs.flatMap((query, at) =>
      (query.data ?? []).map((row) => ({ ...row, cluster: clusters[at]?.name ?? '' })),
    ),
  ]
  const troubles: ClusterTrouble[] = clusters.flatMap((cluster, at) => {
    const query = theirs[at]
    if (query?.isError) return [{ cluster: cluster.name, detail: query.error.message }]
    if (cluster.status.state !== 'up' && !query?.isSuccess)
      return [{ cluster: cluster.name, detail: cluster.status.detail ?? cluster.status.state }]
    return []
  })
  return { own, rows, clusters, troubles }
}
