import {
  apiPaths,
  LaunchList,
  RunningModel,
  RunningModelList,
  type ModelHealth,
} from '@serving-console/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Launch } from '../../../lib/launches'
import { pollDelay } from '../../../lib/polling'
import { HEALTH_REFRESH_MS } from '../../../lib/running-models'
import { runningKeys } from './keys'

export const unhealthy = (health: ModelHealth | undefined) =>
  health?.state === 'failed' || health?.state === 'degraded'

/** A running model that needs someone, or a launch that failed. */
export type Attention =
  | { kind: 'model'; uid: string; type: string; health: ModelHealth }
  | { kind: 'launch'; uid: string; type: string; error: string | null }

/**
 * What the "needs attention" strip lists, on every screen: running models whose replicas are down (where the
 * server reports health) and failed launches. Its own query, read with reportAuthStatus off: a user who may not
 * list models sees no strip, not SPEC's 403 dialog on a screen that never asked for models.
 */
export const attentionQuery = (cookie: string | undefined, withHealth: boolean) =>
  queryOptions({
    queryKey: [...runningKeys.all, 'attention', cookie ?? '', withHealth],
    queryFn: async ({ signal }): Promise<Attention[]> => {
      const [models, launches] = await Promise.all([
        withHealth
          ? api.get(apiPaths.models, { schema: RunningModelList, signal, reportAuthStatus: false })
          : null,
        api.get(apiPaths.launches, { schema: LaunchList, signal, reportAuthStatus: false }),
      ])
      return [
        ...(models?.data ?? []).flatMap((row): Attention[] =>
          row.health && unhealthy(row.health)
            ? [{ kind: 'model', uid: row.id, type: row.model_type, health: row.health }]
            : [],
        ),
        ...launches
          .filter((launch: Launch) => launch.stage === 'failed')
          .map((launch): Attention => ({
            kind: 'launch',
            uid: launch.model_uid,
            type: launch.model_type,
            error: launch.error ?? null,
          })),
      ]
    },
    refetchInterval: (query) => pollDelay(HEALTH_REFRESH_MS, query.state.error),
    meta: { silent: true },
  })

/** `POST /api/v1/models/{uid}/restart`: the model's failed replicas start again; the lists are read afresh. */
export function useRestartModel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (uid: string) => api.post(apiPaths.restart(uid), {}, { schema: RunningModel }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: runningKeys.all }),
    // The dialog that asked shows the failure.
    meta: { silent: true },
  })
}
