import {
  api,
  type CreateKeyRequest,
  type RateLimitConfig,
  type Scope,
  type UpdateKeyRequest,
} from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { apiMutation } from '../../../lib/api-query'

/*
 * What the System pages change, and which lists each change makes stale. A refusal reaches the toast unless the
 * dialog that asked says it (`shownOnScreen`, with the 403 said there too: `forbiddenShownHere`).
 */

/** Said by the dialog that asked, 403 included. */
const inDialog = { meta: { shownOnScreen: () => true }, request: { forbiddenShownHere: true } } as const

export interface NewUser {
  username: string
  password: string
  permissions: Scope[]
}

/** `POST /api/v1/admin/users`: 201 with the new user's id; 409 when the name is taken. */
export const useCreateUser = () =>
  useMutation(
    apiMutation(api.createUser, {
      send: (user: NewUser) => ({ params: undefined, body: user }),
      invalidates: [api.listUsers],
      ...inDialog,
    }),
  )

export interface UserChange {
  id: number
  enabled?: boolean
  permissions?: Scope[]
}

/**
 * `PUT /api/v1/admin/users/{id}`: enable or disable, and/or new permissions (v3's shape). The list is read again
 * either way (a refused change leaves the row as the server has it). The server's refusals (the last
 * administrator, scopes the caller does not hold) reach the toast, or the dialog that asked when `inDialog`.
 */
export const useUpdateUser = ({ inDialog: asked = false }: { inDialog?: boolean } = {}) =>
  useMutation(
    apiMutation(api.updateUser, {
      send: ({ id, ...change }: UserChange) => ({ params: { user_id: id }, body: change }),
      request: { forbiddenShownHere: asked },
      meta: { shownOnScreen: () => asked },
      invalidates: [api.listUsers],
      alsoOnFailure: true,
    }),
  )

/** `DELETE /api/v1/admin/users/{id}`; the users and keys are read again. */
export const useDeleteUser = () =>
  useMutation(
    apiMutation(api.deleteUser, {
      send: (id: number) => ({ params: { user_id: id } }),
      invalidates: [api.listUsers, api.listKeys],
      alsoOnFailure: true,
    }),
  )

/** `PUT /api/v1/admin/users/{id}/password`: a new password, which the user must change at the next sign-in. */
export const useResetPassword = () =>
  useMutation(
    apiMutation(api.setUserPassword, {
      send: ({ id, password }: { id: number; password: string }) => ({
        params: { user_id: id },
        body: { new_password: password },
      }),
      // The list says the user must change it.
      invalidates: [api.listUsers],
      ...inDialog,
    }),
  )

/** `POST /api/v1/admin/keys`: 201 with the key itself, the only time the server shows it. */
export const useCreateApiKey = () =>
  useMutation(
    apiMutation(api.createKey, {
      send: (key: CreateKeyRequest) => ({ params: undefined, body: key }),
      invalidates: [api.listKeys],
      ...inDialog,
    }),
  )

/** `PUT /api/v1/admin/keys/{id}` (`keys:manage`): enables or disables it; the list is read again either way. */
export const useUpdateApiKey = () =>
  useMutation(
    apiMutation(api.updateKey, {
      send: ({ id, ...change }: UpdateKeyRequest & { id: number }) => ({
        params: { key_id: id },
        body: change,
      }),
      invalidates: [api.listKeys],
      alsoOnFailure: true,
    }),
  )

/** `DELETE /api/v1/admin/keys/{id}` (`keys:manage`): it stops working at once; its bans go with it. */
export const useDeleteApiKey = () =>
  useMutation(
    apiMutation(api.deleteKey, {
      send: (id: number) => ({ params: { key_id: id } }),
      invalidates: [api.listKeys, api.listBannedKeys],
      alsoOnFailure: true,
    }),
  )

/** `PUT /api/v1/admin/security/rate-limit` (admin): the failure limits, read again once saved. */
export const useSetRateLimit = () =>
  useMutation(
    apiMutation(api.setRateLimit, {
      send: (config: RateLimitConfig) => ({ params: undefined, body: config }),
      invalidates: [api.getRateLimit],
    }),
  )

/** `POST /api/v1/admin/security/unban-ip`: lifts one address's ban. */
export const useUnbanIp = () =>
  useMutation(
    apiMutation(api.unbanIp, {
      send: (ip: string) => ({ params: undefined, body: { ip } }),
      invalidates: [api.listBannedIps],
      alsoOnFailure: true,
    }),
  )

/**
 * `POST /api/v1/admin/security/unban-all-ips`: no body, so none is sent — and no JSON content type with it, which
 * Fastify refuses on an empty body (the client adds the header only for a body that is not `undefined`).
 */
export const useUnbanAllIps = () =>
  useMutation(
    apiMutation(api.unbanAllIps, {
      send: () => ({ params: undefined }),
      invalidates: [api.listBannedIps],
      alsoOnFailure: true,
    }),
  )

/** `POST /api/v1/admin/security/unban-key`: lifts one key's ban from one address. */
export const useUnbanKey = () =>
  useMutation(
    apiMutation(api.unbanKey, {
      send: (ban: { ip: string; key_id: number }) => ({ params: undefined, body: ban }),
      invalidates: [api.listBannedKeys],
      alsoOnFailure: true,
    }),
  )

/** `POST /api/v1/admin/security/unban-all-keys`: no body, hence no JSON content type (see `useUnbanAllIps`). */
export const useUnbanAllKeys = () =>
  useMutation(
    apiMutation(api.unbanAllKeys, {
      send: () => ({ params: undefined }),
      invalidates: [api.listBannedKeys],
      alsoOnFailure: true,
    }),
  )
