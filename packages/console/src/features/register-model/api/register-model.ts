import { apiPaths, NoContent } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api, ApiError } from '../../../lib/api-client'
import { fieldOfError } from '../../../lib/field-errors'
import { registrationsKey } from '../../../lib/query-keys'

/** `POST /api/v1/model_registrations/{type}`: the registration as a JSON string, always persisted (SPEC §7). */
const register = (type: string, model: Record<string, unknown>) =>
  api.post(
    apiPaths.registrations(type),
    { model: JSON.stringify(model), persist: true },
    { schema: NoContent },
  )

/** `DELETE /api/v1/model_registrations/{type}/{model_name}`. */
const unregister = (type: string, modelName: string) =>
  api.delete(apiPaths.registration(type, modelName), { schema: NoContent })

/**
 * Registers a new custom model; the catalogue is read again afterwards. A name that is taken is the form's to show,
 * under Model Name.
 */
export function useRegisterModel(type: string, onDone: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (model: Record<string, unknown>) => register(type, model),
    meta: { callsApi: true, shownOnScreen: (error) => fieldOfError(error) === 'model_name' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: registrationsKey })
      onDone()
    },
  })
}

/** A re-registration that failed after the old one was put back: the user loses nothing. */
export class EditRestoredError extends Error {
  override name = 'EditRestoredError'
}

/**
 * SPEC's edit: delete the old registration, then register the new one. Upstream loses the model when the second
 * step fails; here the old registration is registered again and the failure says so. SPEC §3's isUpdatingModel
 * is on meanwhile.
 */
export function useEditModel(type: string, onDone: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ old, next }: { old: Record<string, unknown>; next: Record<string, unknown> }) => {
      await unregister(type, String(old.model_name))
      try {
        await register(type, next)
      } catch (error) {
        await register(type, old)
        // The server's reason stays as it sent it; the framing is said in the language shown.
        const reason = error instanceof ApiError ? error.message : t('register.error.unexpected')
        throw new EditRestoredError(
          t('register.error.editRestored', { reason, name: String(old.model_name) }),
        )
      }
    },
    meta: { callsApi: true, updatesModel: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationsKey }),
    onSuccess: onDone,
  })
}
