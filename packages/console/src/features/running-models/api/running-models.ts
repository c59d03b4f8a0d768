import { apiPaths, RunningModelList, toWireModelType, type RunningModel } from '@serving-console/contract'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { HEALTH_REFRESH_MS } from './health'
import { runningKeys } from './keys'

/**
 * `GET /api/v1/models`. Keyed by the token cookie, so a sign-in or sign-out loads it afresh (SPEC §4); a
 * failure is toasted unless 401/403 (the query client's rule).
 */
export const runningModelsQuery = (cookie: string | undefined) =>
  queryOptions({
    queryKey: runningKeys.list(cookie),
    queryFn: ({ signal }) => api.get(apiPaths.models, { schema: RunningModelList, signal }),
    select: (answer) => answer.data,
    // Read again while its models report their health and load (this platform's do; a cluster's rows do not).
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.health) ? HEALTH_REFRESH_MS : false,
  })

export const rowsOfType = (models: readonly RunningModel[], type: string) =>
  models.filter((model) => model.model_type === toWireModelType(type))

/**
 * `DELETE /api/v1/models/{model_uid}`: SPEC §4/§8 — the calling flag is on meanwhile (the list reloads when it
 * drops), a failure is only logged.
 */
export const useTerminateModel = () =>
  useMutation({
    mutationFn: (uid: string) => api.delete(apiPaths.model(uid)),
    meta: { callsApi: true, silent: true },
  })
