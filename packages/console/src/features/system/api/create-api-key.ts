import { apiPaths, CreatedKey, type CreateKeyRequest } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `POST /api/v1/admin/keys`: 201 with the key itself, the only time the server shows it. */
export const createApiKey = (key: CreateKeyRequest) =>
  api.post(apiPaths.keys, key, { schema: CreatedKey, forbiddenShownHere: true })

/** Creates a key for the caller; the list is read again. Failures: the dialog's. */
export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createApiKey,
    meta: { shownOnScreen: () => true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.apiKeys }),
  })
}
