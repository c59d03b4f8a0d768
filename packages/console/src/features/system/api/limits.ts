import { api, type Limits } from '@serving-console/contract'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiMutation, apiQuery } from '../../../lib/api-query'

/** Whose limits a dialog edits: a user or an API key of the store (by id). */
export type LimitsSubject = { kind: 'user' | 'key'; id: number; name: string }

const quiet = { meta: { silent: true } } as const

/** `GET /api/v1/admin/{users|keys}/{id}/limits`: the subject's limits and its usage against them. */
export const useSubjectLimits = (subject: LimitsSubject) =>
  useQuery(
    subject.kind === 'user'
      ? apiQuery(api.getUserLimits, { user_id: subject.id }, undefined, quiet)
      : apiQuery(api.getKeyLimits, { key_id: subject.id }, undefined, quiet),
  )

const settled = [api.getUserLimits, api.getKeyLimits, api.listLimits, api.getQuota]

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
