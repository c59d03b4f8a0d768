import type { ApiKey, CreateKeyRequest, ModelPermission } from '@serving-console/contract'
import { t } from '../../../i18n/i18n'

/** The model types a key can be kept to (upstream v3's). */
export const KEY_MODEL_TYPES = ['LLM', 'embedding', 'rerank', 'image', 'audio', 'video', 'flexible'] as const

/** What a key reaches, as its create form has it: every model, one type, or one model by its id. */
export type Access =
  { kind: 'all' } | { kind: 'model_type'; type: string } | { kind: 'model_id'; model: string }

/**
 * What a key reaches, a phrase per permission: "All models", "Type: LLM", "Model: my-model". A key with none,
 * or with `all` among them, reaches every model (as the server decides).
 */
export function describeAccess(permissions: readonly ModelPermission[]): string[] {
  if (permissions.length === 0 || permissions.some((one) => one.permission_type === 'all'))
    return [t('system.keys.access.all')]
  return permissions.map((one) =>
    one.permission_type === 'model_type'
      ? t('system.keys.access.type', { type: one.permission_value ?? '' })
      : t('system.keys.access.model', { model: one.permission_value ?? '' }),
  )
}

/** The `model_permissions` the server is sent for `access`. */
export function permissionsFor(access: Access): ModelPermission[] {
  if (access.kind === 'model_type') return [{ permission_type: 'model_type', permission_value: access.type }]
  if (access.kind === 'model_id')
    return [{ permission_type: 'model_id', permission_value: access.model.trim() }]
  return [{ permission_type: 'all', permission_value: null }]
}

/** The key's expiry as the server takes it: the end of the chosen day (`2099-12-31T23:59:59`), or none. */
export const expiryFor = (date: string): string | null => (date ? `${date}T23:59:59` : null)

/** The body of `POST /api/v1/admin/keys`. */
export function createKeyRequest(form: {
  name: string
  description: string
  expires: string
  access: Access
}): CreateKeyRequest {
  const description = form.description.trim()
  return {
    name: form.name.trim(),
    ...(description ? { description } : {}),
    expires_at: expiryFor(form.expires),
    model_permissions: permissionsFor(form.access),
  }
}

/**
 * Why a key's limits are not offered, as the server decides it (docs/quotas.md): a key acts as its owner, so
 * nobody but an administrator changes the limits of their own keys. `held`, `caller`: the caller's scopes and user
 * name, null when unknown (the server decides).
 */
export function keyLimitsReason(
  key: ApiKey,
  held: readonly string[] | null,
  caller: string | null,
): string | null {
  if (held === null || held.includes('admin') || caller === null) return null
  return key.owner_username === caller ? t('system.limits.reason.ownKey') : null
}
