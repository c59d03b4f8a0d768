import { api } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { ApiError } from '../../../lib/api-client'
import { invalidateRoutes, sendRoute } from '../../../lib/api-query'
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

/** Where a model is registered: this server (undefined) or a cluster it holds, by name (docs/clusters.md). */
export type Target = string | undefined

/** A target that did not register the model, with its reason. */
export interface Refusal {
  target: Target
  reason: string
}

const reasonOf = (error: unknown) =>
  // The server's reason stays as it sent it.
  error instanceof ApiError ? error.message : t('register.error.unexpected')

/**
 * Registers a new custom model where the form works (`cluster`), then on each of `others` at once (Register's
 * "Also register on"); the catalogue is read again afterwards. What the form's own target refuses fails the call
 * (a name that is taken is the form's to show, under Model Name) and nothing else is tried; what the others refuse is
 * answered as refusals, and the form is done where there are none. `first: false` tries the others alone again.
 */
export const useRegisterModel = (type: string, cluster: Target, onDone: () => void) =>
  useMutation({
    mutationFn: async ({
      model,
      others = [],
      first = true,
    }: {
      model: Record<string, unknown>
      others?: readonly Target[]
      first?: boolean
    }): Promise<Refusal[]> => {
      if (first) await register(type, model, cluster)
      const settled = await Promise.allSettled(others.map((target) => register(type, model, target)))
      return settled.flatMap((outcome, at) =>
        outcome.status === 'rejected' ? [{ target: others[at], reason: reasonOf(outcome.reason) }] : [],
      )
    },
    meta: { callsApi: true, shownOnScreen: (error) => fieldOfError(error) === 'model_name' },
    onSuccess: async (refusals, _variables, _result, { client }) => {
      await invalidateRoutes(client, catalogueReads)
      if (refusals.length === 0) onDone()
    },
  })

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
        // The framing is said in the language shown.
        throw new EditRestoredError(
          t('register.error.editRestored', { reason: reasonOf(error), name: String(old.model_name) }),
        )
      }
    },
    meta: { callsApi: true, updatesModel: true },
    onSettled: (_answer, _error, _variables, _result, { client }) => invalidateRoutes(client, catalogueReads),
    onSuccess: onDone,
  })
}
