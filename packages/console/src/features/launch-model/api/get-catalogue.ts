import {
  apiPaths,
  ModelRegistration,
  ModelRegistrationList,
  RegistrationNameList,
} from '@serving-console/contract'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toCatalogueModel, type CatalogueModel } from '../model/catalogue-model'
import { launchKeys } from './keys'

/** The catalogue changes only when someone registers or caches a model: keep it while the page is in use. */
const CATALOGUE_STALE_MS = 5 * 60_000

const builtinModels = (list: ModelRegistration[]): CatalogueModel[] =>
  list.filter((entry) => entry.is_builtin !== false).map(toCatalogueModel)

/**
 * `GET /api/v1/model_registrations/{type}?detailed=true`: up to megabytes for LLM, fetched once and kept, so tab
 * switches do not fetch it again (upstream refetches on every switch). Only built-in entries are shown.
 */
export const builtinCatalogueQuery = (type: string) =>
  queryOptions({
    queryKey: launchKeys.builtin(type),
    queryFn: ({ signal, client, queryKey }) =>
      api.get(apiPaths.registrations(type, true), {
        schema: ModelRegistrationList,
        signal,
        // A refetch (after a launch or a cache change) keeps showing the whole catalogue it has: no head to read.
        onHead: client.getQueryData(queryKey)
          ? undefined
          : (head) => client.setQueryData(launchKeys.builtinHead(type), head),
      }),
    staleTime: CATALOGUE_STALE_MS,
    select: builtinModels,
  })

/**
 * The catalogue's first entries, which its request puts here before it has read the rest (a screenful of a long
 * catalogue, shown while the whole is parsed and checked). Never fetched on its own.
 */
export const builtinCatalogueHeadQuery = (type: string) =>
  queryOptions<ModelRegistration[], Error, CatalogueModel[]>({
    queryKey: launchKeys.builtinHead(type),
    queryFn: skipToken,
    select: builtinModels,
  })

/**
 * Custom models: the names (`GET /api/v1/model_registrations/{type}`, non-builtin kept), then each one's detail
 * (`GET .../{type}/{model_name}`), in parallel. Failures are only logged (SPEC §8).
 */
export const customCatalogueQuery = (type: string) =>
  queryOptions({
    queryKey: launchKeys.custom(type),
    queryFn: async ({ signal }): Promise<CatalogueModel[]> => {
      const names = await api.get(apiPaths.registrations(type), { schema: RegistrationNameList, signal })
      const custom = names.filter((entry) => !entry.is_builtin)
      const details = await Promise.all(
        custom.map((entry) =>
          api.get(apiPaths.registration(type, entry.model_name), { schema: ModelRegistration, signal }),
        ),
      )
      return details.map((detail) => toCatalogueModel({ ...detail, is_builtin: false }))
    },
    staleTime: CATALOGUE_STALE_MS,
    meta: { silent: true },
  })
