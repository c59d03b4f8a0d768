import { useT } from '../../../i18n/react'
import { useUnbanAllIps, useUnbanIp } from '../api/system-changes'
import { useBannedIps } from '../api/system-reads'
import { BanList } from './ban-list'

/** The addresses banned for too many failures. */
export function BannedIps() {
  const t = useT()
  const unban = useUnbanIp()
  return (
    <BanList
      id="banned-ips-title"
      texts={{
        title: 'system.security.ips.title',
        unbanAll: 'system.security.ips.unbanAll',
        loadError: 'system.security.ips.loadError',
        empty: 'system.security.ips.empty',
      }}
      bans={useBannedIps()}
      unbanAll={useUnbanAllIps()}
      keyOf={(ban) => ban.ip}
      unbanLabel={(ban) => t('system.security.ips.unbanOf', { ip: ban.ip })}
      onUnban={(ban) => unban.mutate(ban.ip)}
    />
  )
}
