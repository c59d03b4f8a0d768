import { useQueries, useQuery } from '@tanstack/react-query'
import { useClusters, type ListedModel } from './clusters'
import { runningModelsQuery } from './running-models'

/** A cluster that does not answer now: it was found down or refusing, or its list failed. */
export interface ClusterTrouble {
  cluster: string
  /** In the server's or the cluster's words. */
  detail: string
  /** Its models are listed as they were last seen (marked so), rather than not at all. */
  lastSeen: boolean
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
  const troubles: ClusterTrouble[] = clusters.flatMap((cluster, at) => {
    const query = theirs[at]
    const lastSeen = query?.data !== undefined
    if (query?.isError) return [{ cluster: cluster.name, detail: query.error.message, lastSeen }]
    if (cluster.status.state !== 'up')
      return [{ cluster: cluster.name, detail: cluster.status.detail ?? cluster.status.state, lastSeen }]
    return []
  })
  const troubled = new Set(troubles.map((trouble) => trouble.cluster))
  const rows: ListedModel[] | undefined = own.data && [
    ...own.data,
    ...theirs.flatMap((query, at) => {
      const cluster = clusters[at]?.name ?? ''
      const mark = troubled.has(cluster) ? { unanswered: true as const } : {}
      return (query.data ?? []).map((row) => ({ ...row, cluster, ...mark }))
    }),
  ]
  // The clusters whose list has neither answered nor failed yet.
  const asking = clusters.filter((_, at) => theirs[at]?.isPending).map((cluster) => cluster.name)
  return { own, rows, clusters, troubles, asking }
}
