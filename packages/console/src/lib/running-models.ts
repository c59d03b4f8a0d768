import { api } from '@serving-console/contract'
import { apiQuery } from './api-query'

/** How soon a change of a model's health reaches the console (the running list and the attention strip). */
export const HEALTH_REFRESH_MS = 5_000

/**
 * `GET /api/v1/models`. Keyed by the token cookie too, so a sign-in or sign-out loads it afresh (SPEC §4); a
 * failure is toasted unless 401/403 (the query client's rule). Shared by Running Models and the launch drawer
 * (which uids are taken).
 */
export const runningModelsQuery = (cookie: string | undefined, cluster?: string) =>
  apiQuery(api.listModels, undefined, undefined, {
    also: [cookie ?? ''],
    cluster,
    select: (answer) => answer.data,
    // Read again while its models report their health and load (this platform's do; a cluster's rows do not).
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.health) ? HEALTH_REFRESH_MS : false,
  })
