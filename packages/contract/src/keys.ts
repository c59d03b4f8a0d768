import * as z from 'zod/mini'

/**
 * What an API key may reach (upstream v3's `model_permissions`): every model, the models of one type (`LLM`,
 * `embedding` …) or one model by its id. A key with none reaches every model.
 */
export const KEY_PERMISSION_TYPES = ['all', 'model_type', 'model_id'] as const
export const ModelPermission = z.looseObject({
  permission_type: z.enum(KEY_PERMISSION_TYPES),
  permission_value: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
})
export type ModelPermission = z.infer<typeof ModelPermission>
const ModelPermissions = z.array(ModelPermission).check(z.maxLength(32))

const KeyName = z.string().check(z.minLength(1), z.maxLength(64))
const Description = z.nullable(z.string().check(z.maxLength(256)))
/** An ISO date-time (`2099-12-31T23:59:59`, with or without a zone), or null for a key that never expires. */
const ExpiresAt = z.nullable(
  z
    .string()
    .check(
      z.maxLength(40),
      z.regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/),
    ),
)

/** `POST /v1/admin/keys` (`keys:create`): a key for the caller (an administrator may name another owner). */
export const CreateKeyRequest = z.object({
  name: KeyName,
  description: z.optional(Description),
  expires_at: z.optional(ExpiresAt),
  model_permissions: z.optional(ModelPermissions),
  owner: z.optional(z.number().check(z.int(), z.positive())),
})
export type CreateKeyRequest = z.infer<typeof CreateKeyRequest>

/** v3 answers 201 with the key itself, the only time it is shown. */
export const CreatedKey = z.looseObject({
  id: z.number(),
  key: z.string(),
  prefix: z.string(),
  name: z.string(),
})
export type CreatedKey = z.infer<typeof CreatedKey>

/** A key as `GET /v1/admin/keys` lists it: never the secret, only its first characters. */
export const ApiKey = z.looseObject({
  id: z.number(),
  user_id: z.nullable(z.number()),
  owner_username: z.optional(z.nullable(z.string())),
  key_prefix: z.string(),
  name: z.nullable(z.string()),
  description: z.nullable(z.string()),
  enabled: z.boolean(),
  expires_at: z.nullable(z.string()),
  model_permissions: z.array(ModelPermission),
  created_at: z.nullable(z.string()),
})
export type ApiKey = z.infer<typeof ApiKey>
export const ApiKeyList = z.array(ApiKey)

/** `PUT /v1/admin/keys/{id}` (`keys:manage`): any of these. */
export const UpdateKeyRequest = z.object({
  name: z.optional(KeyName),
  description: z.optional(Description),
  enabled: z.optional(z.boolean()),
  expires_at: z.optional(ExpiresAt),
  model_permissions: z.optional(ModelPermissions),
})
export type UpdateKeyRequest = z.infer<typeof UpdateKeyRequest>
/** `GET` and `PUT /v1/admin/keys/{id}/permissions`. */
export const KeyPermissions = z.object({ model_permissions: ModelPermissions })
export const KeyIdParams = z.object({ key_id: z.coerce.number().check(z.int(), z.positive()) })
/** `GET /v1/admin/keys?owner=`: one user's keys (honoured for `keys:manage`; others see their own). */
export const KeyListQuery = z.object({ owner: z.optional(z.coerce.number().check(z.int(), z.positive())) })
