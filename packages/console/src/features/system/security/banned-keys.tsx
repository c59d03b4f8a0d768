import { useT } from '../../../i18n/react'
import { useUnbanAllKeys, useUnbanKey } from '../api/system-changes'
import { useApiKeys, useBannedKeys } from '../api/system-reads'
import { BanList } from './ban-list'
import { bannedKeyName, type BannedKeyName } from './banned-key'

/** The key by its name and prefix, as the API Keys page shows it; by its id only where neither is known. */
function KeyCell({ name, prefix, id }: BannedKeyName) {
  const t = useT()
  if (!name && !prefix) return <>{t('system.security.keys.byId', { id })}</>
  return (
    <>
      {name} {prefix && <code>{prefix}</code>}
    </>
  )
}

/** The API keys banned from an address for too many failures there. */
export function BannedKeys() {
  const t = useT()
  const unban = useUnbanKey()
  // An administrator sees every key: the list names the keys a ban gives only the id of (upstream v3).
  const keys = useApiKeys().data
  const named = (ban: Parameters<typeof bannedKeyName>[0]) => bannedKeyName(ban, keys)
  return (
    <BanList
      kind="keys"
      bans={useBannedKeys()}
      unbanAll={useUnbanAllKeys()}
      extra={{ header: 'system.security.column.key', cell: (ban) => <KeyCell {...named(ban)} /> }}
      keyOf={(ban) => `${ban.ip} ${String(ban.key_id)}`}
      unbanLabel={(ban) => {
        const key = named(ban)
        return t('system.security.keys.unbanOf', { id: key.name ?? key.prefix ?? String(key.id), ip: ban.ip })
      }}
      onUnban={(ban) => unban.mutate({ ip: ban.ip, key_id: ban.key_id })}
    />
  )
}
