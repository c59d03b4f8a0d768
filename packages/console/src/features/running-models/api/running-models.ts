import { api, toWireModelType, type RunningModel } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { apiMutation } from '../../../lib/api-query'
import type { ListedModel } from '../../../lib/clusters'

export const rowsOfType = <Row extends RunningModel>(models: readonly Row[], type: string) =>
  models.filter((model) => model.model_type === toWireModelType(type))

/**
 * `DELETE /api/v1/models/{model_uid}`: SPEC §4/§8 — the calling flag is on meanwhile (the list reloads when it
 * drops), a failure is only logged.
 */
export const useTerminateModel = () =>
  useMutation(
    apiMutation(api.terminateModel, {
      // On the cluster that runs it, where it is one of a cluster's (docs/clusters.md).
      send: (row: ListedModel) => ({ params: { model_uid: row.id }, cluster: row.cluster }),
      unchecked: true,
      meta: { callsApi: true, silent: true },
    }),
  )
