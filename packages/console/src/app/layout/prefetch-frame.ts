import type { QueryClient } from '@tanstack/react-query'
import { api, scopesOf } from '@serving-console/contract'
import { clusterAttentionQuery } from '../../features/running-models/api/health'
import { hasToken, mayOpen } from '../../lib/auth'
import { clusterAuthQuery } from '../../lib/cluster-auth'
import { clusterStatesQuery } from '../../lib/clusters'
import { launchesQuery } from '../../lib/launches'
import { runningModelsQuery } from '../../lib/running-models'
import { serverFeaturesQuery } from '../../lib/server-features'
import { tokenCookie } from '../../lib/storage'

/**
 * The frame's own requests (app-layout.tsx), started by `main.ts` with the opening screen's rather than by the
 * frame's first render: a screen is shown together with the needs-attention strip (docs/decisions/0027), so the
 * strip's lists — the server's features, its clusters and its own running models and launches at once, then each
 * cluster's — are on the first screen's path. Asked once the auth check has answered and only with a token, as the
 * frame asks them; the frame's queries pick the answers up where they are. Nothing needs awaiting: what is returned
 * settles once the requests that follow the auth check have been asked.
 */
export function prefetchFrame(queryClient: QueryClient): Promise<void> {
  const quietly = (asked: Promise<unknown>) => void asked.catch(() => undefined)
  return queryClient.query(clusterAuthQuery).then(
    () => {
      if (!hasToken()) return
      const cookie = tokenCookie.get()
      const features = queryClient.query(serverFeaturesQuery)
      const clusters = queryClient.query(clusterStatesQuery)
      // This server's lists beside them, not after: the strip and the operations tray read both (the strip its
      // running list only where the server tells health, the tray always).
      if (mayOpen(scopesOf(api.listLaunches))) {
        quietly(queryClient.query(runningModelsQuery(cookie)))
        quietly(queryClient.query(launchesQuery))
      }
      // A cluster's strip rows: only a platform holds clusters (useClusters), asked as the strip asks them.
      quietly(
        Promise.all([features, clusters]).then(([answer, held]) => {
          if (answer.mode !== 'platform') return
          for (const cluster of held) quietly(queryClient.query(clusterAttentionQuery(cookie, cluster.name)))
        }),
      )
    },
    // The frame shows a failed auth check.
    () => undefined,
  )
}
