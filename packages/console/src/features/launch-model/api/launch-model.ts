import { api, type LaunchList, type LaunchRequest } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiMutation, invalidateRoutes } from '../../../lib/api-query'
import { catalogueReads } from '../../../lib/catalogue-reads'
import { fieldOfError } from '../../../lib/field-errors'
import { launchesOn, modelReads } from '../../../lib/launches'
import { sectionOnScreen } from '../../../lib/routes'

/**
 * Whether the screen already shows a launch's failure, so that no toast says it twice: a uid already taken shows
 * under the drawer's Model UID, any other failure beside LAUNCH while the model's drawer is open; on Running
 * Models, a launch its Launches panel is following (listed by the server under the uid asked for) turns into a
 * failure there, with its reason.
 */
export function launchFailureShown(
  error: unknown,
  payload: LaunchRequest,
  launches: LaunchList | undefined,
  section: string,
  drawerOpen: boolean,
): boolean {
  if (fieldOfError(error) === 'model_uid' || drawerOpen) return true
  return (
    section === 'running_models' &&
    payload.model_uid != null &&
    (launches ?? []).some((launch) => launch.model_uid === payload.model_uid)
  )
}

/** The models whose launch drawer is open: it says its launch's failure itself, beside LAUNCH. */
const openDrawers = new Set<string>()

/** Marks `modelName`'s drawer open while the calling component is mounted. */
export function useDrawerShowsFailures(modelName: string) {
  useEffect(() => {
    openDrawers.add(modelName)
    return () => void openDrawers.delete(modelName)
  }, [modelName])
}

/**
 * Launches a model: SPEC's calling flag is on meanwhile, a launch the user cancelled (499) is no failure, and a
 * failure reaches the toast unless the screen shows it (`launchFailureShown`). The catalogue is read again
 * afterwards (the launch may have cached files).
 */
export function useLaunchModel(cluster: string | undefined, onLaunched: (payload: LaunchRequest) => void) {
  const queryClient = useQueryClient()
  return useMutation(
    // `POST /api/v1/models`: answers once the model is ready (the server waits for its workers).
    apiMutation(api.launchModel, {
      // On the cluster Launch works on (docs/clusters.md), through its routes here.
      send: (payload: LaunchRequest) => ({ params: undefined, body: payload, cluster }),
      meta: {
        callsApi: true,
        expected: [499],
        shownOnScreen: (error, payload) =>
          launchFailureShown(
            error,
            payload as LaunchRequest,
            queryClient.getQueryData(launchesOn(cluster).queryKey),
            sectionOnScreen(),
            openDrawers.has((payload as LaunchRequest).model_name),
          ),
      },
      // The strip and the Launches panel show the failure now, not at their next read.
      onError: () => void invalidateRoutes(queryClient, modelReads),
      // Not awaited: the drawer closes with its launch, while the catalogue is read again.
      onSuccess: (_answer, payload) => {
        void invalidateRoutes(queryClient, catalogueReads)
        onLaunched(payload)
      },
    }),
  )
}
