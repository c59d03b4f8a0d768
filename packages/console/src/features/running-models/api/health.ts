import { api, type ModelHealth, type RunningModel } from '@serving-console/contract'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { apiMutation, composedKey, getRoute } from '../../../lib/api-query'
import { modelReads, type Launch } from '../../../lib/launches'
import { OPENING_FRESH_MS, pollDelay } from '../../../lib/polling'
import { HEALTH_REFRESH_MS } from '../../../lib/running-models'

export const unhealthy = (health: ModelHealth | undefined) =>
  health?.state === 'failed' || health?.state === 'degraded'

/** A running model that needs someone, or a launch that failed; on a cluster the server holds, its name. */
export type Attention = { cluster?: string } & (
  | { kind: 'model'; uid: string; type: string; health: ModelHealth }
  | { kind: 'launch'; uid: string; type: string; error: string | null }
)

/** What the strip lists of one server's lists: models with replicas down (where it tells health), failed launches. */
export function attentionOf(
  models: readonly RunningModel[] | undefined,
  launches: readonly Launch[] | undefined,
  cluster?: string,
): Attention[] {
  return [
    ...(models ?? []).flatMap((row): Attention[] =>
      row.health && unhealthy(row.health)
        ? [{ kind: 'model', uid: row.id, type: row.model_type, health: row.health, cluster }]
        : [],
    ),
    ...(launches ?? [])
      .filter((launch) => launch.stage === 'failed')
      .map((launch): Attention => ({
        kind: 'launch',
        uid: launch.model_uid,
        type: launch.model_type,
        error: launch.error ?? null,
        cluster,
      })),
  ]
}

/**
 * What the strip lists of a cluster the platform holds (its health where it tells it), read on its own with
 * reportAuthStatus off: a cluster that does not answer is said once (Running Models says why), not asked again at
 * once. This server's own items come from the running list and the launches the operations tray reads too
 * (attention-strip.tsx): one request each for both.
 */
export const clusterAttentionQuery = (cookie: string | undefined, cluster: string) =>
  queryOptions({
    queryKey: composedKey([api.listModels, api.listLaunches], cookie ?? '', cluster),
    queryFn: async ({ signal }): Promise<Attention[]> => {
      const asked = { signal, reportAuthStatus: false, cluster }
      const [models, launches] = await Promise.all([
        getRoute(api.listModels, undefined, undefined, asked),
        getRoute(api.listLaunches, undefined, undefined, asked),
      ])
      return attentionOf(models.data, launches, cluster)
    },
    refetchInterval: (query) => pollDelay(HEALTH_REFRESH_MS, query.state.error),
    // Asked with the opening screen's requests (app/layout/prefetch-frame.ts), not again as the strip mounts.
    staleTime: OPENING_FRESH_MS,
    retry: false,
    meta: { silent: true },
  })

/** `POST /api/v1/models/{uid}/restart`: the model's failed replicas start again; the lists are read afresh. */
export const useRestartModel = () =>
  useMutation(
    apiMutation(api.restartModel, {
      send: (uid: string) => ({ params: { model_uid: uid }, body: {} }),
      invalidates: modelReads,
      alsoOnFailure: true,
      // The dialog that asked shows the failure.
      meta: { silent: true },
    }),
  )
