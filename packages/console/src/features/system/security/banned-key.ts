import type { ApiKey, BannedKey } from '@serving-console/contract'

/** A banned key as the key list shows it: its name and prefix, or only its id where neither is known. */
export interface BannedKeyName {
  name: string | null
  prefix: string | null
  id: number
}

/**
 * Which key a ban is of. The platform names it in the ban (`key_name`, `key_prefix`); upstream v3 gives only its
 * id, which the key list (an administrator sees every key) turns into a name.
 */
export function bannedKeyName(ban: BannedKey, keys: readonly ApiKey[] | undefined): BannedKeyName {
  const listed = keys?.find((key) => key.id === ban.key_id)
  return {
    name: ban.key_name || listed?.name || null,
    prefix: ban.key_prefix || listed?.key_prefix || null,
    id: ban.key_id,
  }
}
