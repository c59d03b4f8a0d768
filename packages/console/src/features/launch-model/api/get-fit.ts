import { api, type LaunchRequest } from '@serving-console/contract'
import { keepPreviousData } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/api-query'

/**
 * `GET /api/v1/fit/{type}`: the platform's own — each model's best choice on this machine, for the cards and the
 * "Runs here" filter. Asked only where the server has it (`model_fit`); a failure hides the marks, nothing more.
 */
export const fitSummariesQuery = (type: string, enabled: boolean, cluster?: string) =>
  apiQuery(api.listFitSummaries, { model_type: type }, undefined, {
    // Another platform held as a cluster estimates for its own machines (docs/clusters.md).
    cluster,
    request: { reportAuthStatus: false },
    enabled,
    staleTime: 30_000,
    meta: { silent: true },
  })

/** What of a launch the estimate depends on: its places and their context, its hub, whether it keeps to the CPU. */
export function fitQueryString(
  payload: Pick<LaunchRequest, 'n_parallel' | 'n_ctx' | 'download_hub' | 'n_gpu'>,
): string {
  const query = new URLSearchParams()
  if (payload.n_parallel) query.set('n_parallel', String(payload.n_parallel))
  if (payload.n_ctx) query.set('n_ctx', String(payload.n_ctx))
  if (payload.download_hub) query.set('download_hub', payload.download_hub)
  if (payload.n_gpu === null) query.set('n_gpu', 'none')
  return query.toString()
}

/** `GET /api/v1/fit/{type}/{name}`: every quantization of one model, and whether its hub answers. */
export const modelFitQuery = (
  type: string,
  modelName: string,
  query: string,
  enabled: boolean,
  cluster?: string,
) =>
  apiQuery(api.getModelFit, { model_type: type, model_name: modelName }, query, {
    cluster,
    request: { reportAuthStatus: false },
    enabled,
    staleTime: 30_000,
    // A changed hub, n_parallel or n_ctx keeps the last answer on screen until the new one comes.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  })
