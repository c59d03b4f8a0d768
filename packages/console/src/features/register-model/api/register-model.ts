import { api } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { ApiError } from '../../../lib/api-client'
import { apiMutation, invalidateRoutes, sendRoute } from '../../../lib/api-query'
import { catalogueReads } from '../../../lib/catalogue-reads'
import { fieldOfError } from '../../../lib/field-errors'

/** `POST /api/v1/model_registrations/{type}`: the registration as a JSON string, always persisted (SPEC §7). */
const registration = (type: string, model: Record<string, unknown>, cluster: string | undefined) => ({
  params: { model_type: type },
  body: { model: JSON.stringify(model), persist: true },
  // On the cluster Register works on (docs/clusters.md), through its routes here.
  cluster,
})
const register = (type: string, model: Record<string, unknown>, cluster: string | undefined) =>
  sendRoute(api.registerModel, registration(type, model, cluster))

/** `DELETE /api/v1/model_registrations/{type}/{model_name}`. */
const unregister = (type: string, modelName: string, cluster: string | undefined) =>
  sendRoute(api.unregisterModel, { params: { model_type: type, model_name: modelName }, cluster })

/**
 * Registers a new custom model; the catalogue is read again afterwards. A name that is taken is the form's to show,
 * under Model Name.
 */
export const useRegisterModel = (type: string, cluster: string | undefined, onDone: () => void) =>
  useMutation(
    apiMutation(api.registerModel, {
      send: (model: Record<string, unknown>) => registration(type, model, cluster),
      meta: { callsApi: true, shownOnScreen: (error) => fieldOfError(error) === 'model_name' },
      invalidates: catalogueReads,
      onSuccess: onDone,
    }),
  )

/** A re-registration that failed after the old one was put back: the user loses nothing. */
export class EditRestoredError extends Error {
  override name = 'EditRestoredError'
}

/**
 * SPEC's edit: delete the old registration, then register the new one. Upstream loses the model when the second
 * step fails; here the old registration is registered again and the failure says so. SPEC §3's isUpdatingModel
 * is on meanwhile.
 */
export function useEditModel(type: string, cluster: string | undefined, onDone: () => void) {
  return useMutation({
    mutationFn: async ({ old, next }: { old: Record<string, unknown>; next: Record<string, unknown> }) => {
      await unregister(type, String(old.model_name), cluster)
      try {
        await register(type, next, cluster)
      } catch (error) {
        await register(type, old, cluster)
        // The server's reason stays as it sent it; the framing is said in the language shown.
        const reason = error instanceof ApiError ? error.message : t('register.error.unexpected')
        throw new EditRestoredError(
          t('register.error.editRestored', { reason, name: String(old.model_name) }),
        )
      }
    },
    meta: { callsApi: true, updatesModel: true },
    onSettled: (_answer, _error, _variables, _result, { client }) => invalidateRoutes(client, catalogueReads),
    onSuccess: onDone,
  })
}
