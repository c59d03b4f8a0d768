import { useT } from '../../../i18n/react'
import { useBannedKeys } from '../api/get-banned-keys'
import { useUnbanAllKeys } from '../api/unban-all-keys'
import { useUnbanKey } from '../api/unban-key'
import { BanList } from './ban-list'

/** The API keys banned from an address for too many failures there. */
export function BannedKeys() {
  const t = useT()
  const unban = useUnbanKey()
  return (
    <BanList
      id="banned-keys-title"
      texts={{
        title: 'system.security.keys.title',
        unbanAll: 'system.security.keys.unbanAll',
        loadError: 'system.security.keys.loadError',
        empty: 'system.security.keys.empty',
      }}
      bans={useBannedKeys()}
      unbanAll={useUnbanAllKeys()}
      extra={{ header: 'system.security.column.keyId', cell: (ban) => ban.key_id }}
      keyOf={(ban) => `${ban.ip} ${String(ban.key_id)}`}
      unbanLabel={(ban) => t('system.security.keys.unbanOf', { id: ban.key_id, ip: ban.ip })}
      onUnban={(ban) => unban.mutate({ ip: ban.ip, key_id: ban.key_id })}
    />
  )
}
