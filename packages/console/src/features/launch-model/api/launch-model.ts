import { apiPaths, LaunchResponse, type LaunchList, type LaunchRequest } from '@serving-console/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api-client'
import { fieldOfError } from '../../../lib/field-errors'
import { launchesQuery, modelsKey } from '../../../lib/launches'
import { sectionOnScreen } from '../../../lib/routes'
import { usePlatform } from '../../../lib/server-features'
import { launchKeys } from './keys'

/** `POST /api/v1/models`: answers once the model is ready (the server waits for its workers). */
export const launchModel = (payload: LaunchRequest) =>
  api.post(apiPaths.models, payload, { schema: LaunchResponse })

/**
 * Whether the screen already shows a launch's failure, so that no toast says it twice: a uid already taken shows
 * under the drawer's Model UID; on Running Models, a launch its Launches panel is following (listed by the
 * server under the uid asked for) turns into a failure there, with its reason.
 */
export function launchFailureShown(
  error: unknown,
  payload: LaunchRequest,
  launches: LaunchList | undefined,
  section: string,
  listsFailedLaunches: boolean,
): boolean {
  if (fieldOfError(error) === 'model_uid') return true
  // The platform keeps a launch that failed under way (503: its download or its load) among its launches, which
  // the needs-attention strip shows on every screen: a toast would say it twice.
  if (listsFailedLaunches && error instanceof ApiError && error.status === 503) return true
  return (
    section === 'running_models' &&
    payload.model_uid != null &&
    (launches ?? []).some((launch) => launch.model_uid === payload.model_uid)
  )
}

/**
 * Launches a model: SPEC's calling flag is on meanwhile, a launch the user cancelled (499) is no failure, and a
 * failure reaches the toast unless the screen shows it (`launchFailureShown`). The catalogue is read again
 * afterwards (the launch may have cached files).
 */
export function useLaunchModel(onLaunched: (payload: LaunchRequest) => void) {
  const queryClient = useQueryClient()
  const onPlatform = usePlatform()
  return useMutation({
    mutationFn: launchModel,
    meta: {
      callsApi: true,
      expected: [499],
      shownOnScreen: (error, payload) =>
        launchFailureShown(
          error,
          payload as LaunchRequest,
          queryClient.getQueryData(launchesQuery.queryKey),
          sectionOnScreen(),
          onPlatform,
        ),
    },
    // The strip and the Launches panel show the failure now, not at their next read.
    onError: () => void queryClient.invalidateQueries({ queryKey: modelsKey }),
    onSuccess: (_answer, payload) => {
      void queryClient.invalidateQueries({ queryKey: launchKeys.catalogue })
      onLaunched(payload)
    },
  })
}
