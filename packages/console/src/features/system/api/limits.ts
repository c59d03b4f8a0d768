import { api, type Limits } from '@serving-console/contract'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiMutation, apiQuery } from '../../../lib/api-query'

/** Whose limits a dialog edits: a user or an API key of the store (by id), or a running model (by uid). */
export type LimitsSubject =
  { kind: 'user' | 'key'; id: number; name: string } | { kind: 'model'; id: string; name: string }

const quiet = { meta: { silent: true } } as const

/** `GET /api/v1/admin/{users|keys}/{id}/limits`, `GET /api/v1/models/{uid}/limits`: limits and usage against them. */
export const useSubjectLimits = (subject: LimitsSubject) =>
  useQuery(
    subject.kind === 'model'
      ? apiQuery(api.getModelLimits, { model_uid: subject.id }, undefined, quiet)
      : subject.kind === 'user'
        ? apiQuery(api.getUserLimits, { user_id: subject.id }, undefined, quiet)
        : apiQuery(api.getKeyLimits, { key_id: subject.id }, undefined, quiet),
  )

/** `GET /api/v1/limits` (admin): every subject that has limits, with its usage against them. */
export const useLimitsList = () => useQuery(apiQuery(api.listLimits, undefined, undefined, quiet))

const settled = [api.getUserLimits, api.getKeyLimits, api.getModelLimits, api.listLimits, api.getQuota]

/** `PUT /api/v1/admin/users/{id}/limits`: a user's limits, the dialog saying a refusal. */
export const useSetUserLimits = () =>
  useMutation(
    apiMutation(api.setUserLimits, {
      send: ({ id, limits }: { id: number; limits: Limits }) => ({ params: { user_id: id }, body: limits }),
      request: { forbiddenShownHere: true },
      meta: { shownOnScreen: () => true },
      invalidates: settled,
    }),
  )

/** `PUT /api/v1/admin/keys/{id}/limits`: an API key's limits, the dialog saying a refusal. */
export const useSetKeyLimits = () =>
  useMutation(
    apiMutation(api.setKeyLimits, {
      send: ({ id, limits }: { id: number; limits: Limits }) => ({ params: { key_id: id }, body: limits }),
      request: { forbiddenShownHere: true },
      meta: { shownOnScreen: () => true },
      invalidates: settled,
    }),
  )

/** `PUT /api/v1/models/{uid}/limits` (admin): a model's limits, for everyone who calls it. */
export const useSetModelLimits = () =>
  useMutation(
    apiMutation(api.setModelLimits, {
      send: ({ id, limits }: { id: string; limits: Limits }) => ({ params: { model_uid: id }, body: limits }),
      request: { forbiddenShownHere: true },
      meta: { shownOnScreen: () => true },
      invalidates: settled,
    }),
  )
