import { apiPaths } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { launchKeys } from './keys'

/** `DELETE /api/v1/model_registrations/{type}/{model_name}` (LLM sent as 'LLM'); the kind's list is read again. */
export function useDeleteCustomModel(kind: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (modelName: string) => api.delete(apiPaths.registration(kind, modelName)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: launchKeys.custom(kind) }),
  })
}
