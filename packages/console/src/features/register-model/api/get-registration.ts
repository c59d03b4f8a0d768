import { apiPaths, ModelRegistration } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { registerKeys } from './keys'

/**
 * `GET /api/v1/model_registrations/{type}/{model_name}`: a custom model, for edit mode entered with no copy in
 * the session (a bookmark, a new tab).
 */
export const registrationQuery = (type: string, modelName: string) =>
  queryOptions({
    queryKey: registerKeys.registration(type, modelName),
    queryFn: ({ signal }) =>
      api.get(apiPaths.registration(type, modelName), { schema: ModelRegistration, signal }),
  })
