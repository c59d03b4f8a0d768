import { api, toWireModelType, type RunningModel } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { apiMutation } from '../../../lib/api-query'

export const rowsOfType = (models: readonly RunningModel[], type: string) =>
  models.filter((model) => model.model_type === toWireModelType(type))

/**
 * `DELETE /api/v1/models/{model_uid}`: SPEC §4/§8 — the calling flag is on meanwhile (the list reloads when it
 * drops), a failure is only logged.
 */
export const useTerminateModel = () =>
  useMutation(
    apiMutation(api.terminateModel, {
      send: (uid: string) => ({ params: { model_uid: uid } }),
      unchecked: true,
      meta: { callsApi: true, silent: true },
    }),
  )
