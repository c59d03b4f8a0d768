import { api, type ModelHealth } from '@serving-console/contract'
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

/**
 * What the "needs attention" strip lists, on every screen: running models whose replicas are down (where the
 * server reports health) and failed launches. Its own query, read with reportAuthStatus off: a user who may not
 * list models sees no strip, not SPEC's 403 dialog on a screen that never asked for models.
 */
export const attentionQuery = (cookie: string | undefined, withHealth: boolean, cluster?: string) =>
  queryOptions({
    queryKey: composedKey([api.listModels, api.listLaunches], cookie ?? '', withHealth, cluster ?? null),
    queryFn: async ({ signal }): Promise<Attention[]> => {
      // A cluster's rows carry health where it tells it (Xinference 3), and nothing otherwise.
      const asked = { signal, reportAuthStatus: false, cluster }
      const [models, launches] = await Promise.all([
        withHealth ? getRoute(api.listModels, undefined, undefined, asked) : null,
        getRoute(api.listLaunches, undefined, undefined, asked),
      ])
      return [
        ...(models?.data ?? []).flatMap((row): Attention[] =>
          row.health && unhealthy(row.health)
            ? [{ kind: 'model', uid: row.id, type: row.model_type, health: row.health, cluster }]
            : [],
        ),
        ...launches
          .filter((launch: Launch) => launch.stage === 'failed')
          .map((launch): Attention => ({
            kind: 'launch',
            uid: launch.model_uid,
            type: launch.model_type,
            error: launch.error ?? null,
            cluster,
          })),
      ]
    },
    refetchInterval: (query) => pollDelay(HEALTH_REFRESH_MS, query.state.error),
    // Asked with the opening screen's requests (app/layout/prefetch-frame.ts), not again as the strip mounts.
    staleTime: OPENING_FRESH_MS,
    meta: { silent: true },
  })

/**
 * What the strip lists of a cluster the platform holds (its health where it tells it): one that does not answer is
 * said once, not asked again at once.
 */
export const clusterAttentionQuery = (cookie: string | undefined, cluster: string) => ({
  ...attentionQuery(cookie, true, cluster),
  retry: false,
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
