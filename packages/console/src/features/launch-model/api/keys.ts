import { registrationsKey } from '../../../lib/query-keys'

export const launchKeys = {
  /** Every catalogue query, for invalidation after a launch or a cache change. */
  catalogue: registrationsKey,
  builtin: (type: string) => [...registrationsKey, type, 'detailed'] as const,
  /** The first entries of `builtin`, while the whole of it is being read (see get-catalogue.ts). */
  builtinHead: (type: string) => [...registrationsKey, type, 'detailed', 'head'] as const,
  custom: (type: string) => [...registrationsKey, type, 'custom'] as const,
  /** Under the catalogue's key: a launch or a cache change asks again whether models fit. */
  fitSummaries: (type: string) => [...registrationsKey, type, 'fit'] as const,
  fit: (type: string, modelName: string, query: string) =>
    [...registrationsKey, type, 'fit', modelName, query] as const,
  engines: (modelName: string) => ['engines', modelName] as const,
  devices: ['cluster', 'devices'] as const,
  cache: (modelName: string) => ['cache', modelName] as const,
}
