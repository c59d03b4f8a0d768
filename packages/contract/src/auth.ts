import * as z from 'zod/mini'

/** `POST /token`: a JSON body, as upstream accepts (not form-encoded). */
export const LoginRequest = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(256)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
})
export type LoginRequest = z.infer<typeof LoginRequest>

/** Upstream v3 adds a refresh token, and `must_change_password` when it is true. */
export const TokenResponse = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  refresh_token: z.optional(z.string()),
  must_change_password: z.optional(z.boolean()),
})
export type TokenResponse = z.infer<typeof TokenResponse>

/** `POST /v1/auth/refresh` (upstream v3): answers a `TokenResponse` with a new access and refresh token. */
export const RefreshRequest = z.object({ refresh_token: z.string().check(z.minLength(1), z.maxLength(4096)) })
export type RefreshRequest = z.infer<typeof RefreshRequest>
/** `POST /v1/auth/logout` (upstream v3): the refresh token to revoke, when the client holds one. */
export const LogoutRequest = z.object({ refresh_token: z.optional(z.string().check(z.maxLength(4096))) })

/** Upstream's permission names (classic, and v3's user and key management); `admin` passes every check. */
export const SCOPES = [
  'models:list',
  'models:read',
  'models:register',
  'models:unregister',
  'models:start',
  'models:stop',
  'cache:list',
  'cache:delete',
  'users:manage',
  'keys:create',
  'keys:manage',
  'admin',
] as const
export const Scope = z.enum(SCOPES)
export type Scope = z.infer<typeof Scope>

/**
 * `GET /api/v1/admin/setup/status` (upstream v3): whether the server still needs its first administrator, which
 * `POST /api/v1/admin/setup` creates. The platform needs one with its built-in user store (`--auth`) and none yet;
 * an auth file's users, or no auth, never do.
 */
export const SetupStatus = z.looseObject({
  needs_setup: z.boolean(),
  initialized: z.optional(z.boolean()),
  /** v3 says it (8); older answers do not. */
  password_min_length: z.optional(z.number()),
})
export type SetupStatus = z.infer<typeof SetupStatus>

/** `POST /api/v1/admin/setup`: the first administrator, as v3 takes it. */
export const SetupRequest = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w.@-]+$/)),
  password: z.string().check(z.minLength(8), z.maxLength(1024)),
})
export type SetupRequest = z.infer<typeof SetupRequest>

/** v3 answers 201 with the new user's id and name. */
export const SetupResponse = z.looseObject({ id: z.number(), username: z.string() })
export type SetupResponse = z.infer<typeof SetupResponse>

/** A user of the built-in store as `GET /v1/admin/users` lists them (upstream v3's shape; never a password). */
export const AdminUser = z.looseObject({
  id: z.number(),
  username: z.string(),
  source: z.string(),
  enabled: z.boolean(),
  must_change_password: z.boolean(),
  permissions: z.array(z.string()),
  created_at: z.nullable(z.string()),
})
export type AdminUser = z.infer<typeof AdminUser>
export const AdminUserList = z.array(AdminUser)

const Username = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w.@-]+$/))
const Password = z.string().check(z.minLength(8), z.maxLength(1024))
/** The scopes a user or key may be given: upstream's names, at most all of them. */
const Permissions = z.array(Scope).check(z.maxLength(SCOPES.length))

/** `POST /v1/admin/users`. */
export const CreateUserRequest = z.object({
  username: Username,
  password: Password,
  permissions: z._default(Permissions, []),
})
/** `PUT /v1/admin/users/{id}`: enable or disable, and/or new permissions. */
export const UpdateUserRequest = z.object({
  enabled: z.optional(z.boolean()),
  permissions: z.optional(Permissions),
})
/** `GET`/`PUT /v1/admin/users/{id}/permissions`. */
export const UserPermissions = z.object({ permissions: Permissions })
/** `PUT /v1/admin/users/{id}/password`: an administrator sets a new password (the user must change it). */
export const ResetPasswordRequest = z.object({ new_password: Password })
export const UserIdParams = z.object({ user_id: z.coerce.number().check(z.int(), z.positive()) })
/** v3's answer to a change: `{ok: true}`. */
export const OkResponse = z.looseObject({ ok: z.boolean() })

/**
 * `PUT /v1/auth/password` (the platform's own; v3 lets only `users:manage` set passwords): a signed-in user
 * changes their own, proving the current one; this also ends a forced change.
 */
export const ChangePasswordRequest = z.object({
  current_password: z.string().check(z.minLength(1), z.maxLength(1024)),
  new_password: Password,
})
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>
/**
 * Its answer: `{ok: true}`, and, from the platform's user store, the tokens of a new session. A new password ends
 * every session of the user, the one that changed it included; the client carries on with these.
 */
export const ChangePasswordResponse = z.looseObject({
  ok: z.boolean(),
  access_token: z.optional(z.string()),
  token_type: z.optional(z.string()),
  refresh_token: z.optional(z.string()),
})
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>
