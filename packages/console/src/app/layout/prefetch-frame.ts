import type { QueryClient } from '@tanstack/react-query'
import { attentionQuery, clusterAttentionQuery } from '../../features/running-models/api/health'
import { hasToken } from '../../lib/auth'
import { clusterAuthQuery } from '../../lib/cluster-auth'
import { clusterStatesQuery } from '../../lib/clusters'
import { serverFeaturesQuery } from '../../lib/server-features'
import { tokenCookie } from '../../lib/storage'

/**
 * The frame's own requests (app-layout.tsx), started by `main.ts` with the opening screen's rather than by the
 * frame's first render: a screen is shown together with the needs-attention strip (docs/decisions/0027), so the
 * strip's lists — the server's features, its clusters, then its own and each cluster's running models and
 * launches — are on the first screen's path. Asked once the auth check has answered and only with a token, as the
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
      quietly(features.then((answer) => queryClient.query(attentionQuery(cookie, answer.model_health))))
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
