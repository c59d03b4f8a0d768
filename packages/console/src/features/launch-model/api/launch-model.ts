import { apiPaths, LaunchResponse, type LaunchRequest } from '@serving-console/contract'
import { api } from '../../../lib/api-client'

/** `POST /api/v1/models`: answers once the model is ready (the server waits for its workers). */
export const launchModel = (payload: LaunchRequest) =>
  api.post(apiPaths.models, payload, { schema: LaunchResponse })

/** `DELETE /api/v1/model_registrations/{type}/{model_name}` (LLM sent as 'LLM'). */
export const deleteCustomModel = (type: string, modelName: string) =>
  api.delete(apiPaths.registration(type, modelName))
