import { api } from '@serving-console/contract'

/**
 * Every read of the catalogue (the built-in and custom lists, a registration, whether models fit): a launch, a
 * cache change or a registration makes them stale, whichever screen made it.
 */
export const catalogueReads = [
  api.listRegistrations,
  api.getRegistration,
  api.listFitSummaries,
  api.getModelFit,
]
