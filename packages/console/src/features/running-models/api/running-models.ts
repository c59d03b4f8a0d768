import { apiPaths, toWireModelType, type RunningModel } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

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
