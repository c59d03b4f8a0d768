import { apiPaths, LaunchResponse, type LaunchRequest } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { launchKeys } from './keys'

/** `POST /api/v1/models`: answers once the model is ready (the server waits for its workers). */
export const launchModel = (payload: LaunchRequest) =>
  api.post(apiPaths.models, payload, { schema: LaunchResponse })

/**
 * Launches a model: SPEC's calling flag is on meanwhile, a failure reaches the toast, a launch the user
 * cancelled (499) does not. The catalogue is read again afterwards (the launch may have cached files).
 */
export function useLaunchModel(onLaunched: (payload: LaunchRequest) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: launchModel,
    meta: { callsApi: true, expected: [499] },
    onSuccess: (_answer, payload) => {
      void queryClient.invalidateQueries({ queryKey: launchKeys.catalogue })
      onLaunched(payload)
    },
  })
}
