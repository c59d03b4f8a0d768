import {
  api,
  ModelRegistration,
  ModelRegistrationList,
  RegistrationNameList,
} from '@serving-console/contract'
import { queryOptions, skipToken, useMutation } from '@tanstack/react-query'
import { apiKey, apiMutation, apiQuery, composedKey, getRoute } from '../../../lib/api-query'
import { toCatalogueModel, type CatalogueModel } from '../model/catalogue-model'

/** The catalogue changes only when someone registers or caches a model: keep it while the page is in use. */
const CATALOGUE_STALE_MS = 5 * 60_000

const builtinModels = (list: ModelRegistration[]): CatalogueModel[] =>
  list.filter((entry) => entry.is_builtin !== false).map(toCatalogueModel)

/** The key of the catalogue's first entries, read before the rest (see `builtinCatalogueHeadQuery`). */
const headKey = (type: string, cluster: string | undefined) =>
  apiKey(
    api.listRegistrations,
    { model_type: type },
    { detailed: true },
    'head',
    ...(cluster ? [{ cluster }] : []),
  )

/**
 * `GET /api/v1/model_registrations/{type}?detailed=true`: up to megabytes for LLM, fetched once and kept, so tab
 * switches do not fetch it again (upstream refetches on every switch). Only built-in entries are shown.
 */
export const builtinCatalogueQuery = (type: string, cluster?: string) =>
  apiQuery(
    api.listRegistrations,
    { model_type: type },
    { detailed: true },
    {
      // The catalogue of the cluster Launch works on (docs/clusters.md): versions offer different models.
      cluster,
      // The route answers names or registrations, by its query: this one answers registrations.
      schema: ModelRegistrationList,
      // A refetch (after a launch or a cache change) keeps showing the whole catalogue it has: no head to read.
      request: (client, queryKey) => ({
        onHead: client.getQueryData(queryKey)
          ? undefined
          : (head) => client.setQueryData(headKey(type, cluster), head),
      }),
      staleTime: CATALOGUE_STALE_MS,
      select: builtinModels,
    },
  )

/**
 * The catalogue's first entries, which its request puts here before it has read the rest (a screenful of a long
 * catalogue, shown while the whole is parsed and checked). Never fetched on its own.
 */
export const builtinCatalogueHeadQuery = (type: string, cluster?: string) =>
  queryOptions<ModelRegistration[], Error, CatalogueModel[]>({
    queryKey: headKey(type, cluster),
    queryFn: skipToken,
    select: builtinModels,
  })

/**
 * Custom models: the names (`GET /api/v1/model_registrations/{type}`, non-builtin kept), then each one's detail
 * (`GET .../{type}/{model_name}`), in parallel. Failures are only logged (SPEC §8).
 */
export const customCatalogueQuery = (type: string, cluster?: string) =>
  queryOptions({
    queryKey: composedKey(
      [api.listRegistrations, api.getRegistration],
      { model_type: type },
      cluster ?? null,
    ),
    queryFn: async ({ signal }): Promise<CatalogueModel[]> => {
      const names = await getRoute(api.listRegistrations, { model_type: type }, undefined, {
        schema: RegistrationNameList,
        signal,
        cluster,
      })
      const custom = names.filter((entry) => !entry.is_builtin)
      const details = await Promise.all(
        custom.map((entry) =>
          getRoute(api.getRegistration, { model_type: type, model_name: entry.model_name }, undefined, {
            signal,
            cluster,
          }),
        ),
      )
      return details.map((detail) => toCatalogueModel({ ...detail, is_builtin: false }))
    },
    staleTime: CATALOGUE_STALE_MS,
    meta: { silent: true },
  })

/** `DELETE /api/v1/model_registrations/{type}/{model_name}`; the kind's custom list is read again. */
export const useDeleteCustomModel = (kind: string, cluster?: string) =>
  useMutation(
    apiMutation(api.unregisterModel, {
      send: (modelName: string) => ({ params: { model_type: kind, model_name: modelName }, cluster }),
      unchecked: true,
      onSuccess: (_answer, _name, _result, { client }) =>
        client.invalidateQueries({ queryKey: customCatalogueQuery(kind, cluster).queryKey }),
    }),
  )

/** `GET /api/v1/cluster/devices`: the GPU count (a bare integer), asked when Launch opens for a signed-in user. */
export const devicesQuery = (cluster?: string) =>
  apiQuery(api.getDeviceCount, undefined, undefined, {
    cluster,
    staleTime: 60_000,
    // Only the device choices depend on it: a failure must not hide the catalogue's.
    meta: { background: true },
  })
