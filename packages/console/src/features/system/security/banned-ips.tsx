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
      kind="ips"
      bans={useBannedIps()}
      unbanAll={useUnbanAllIps()}
      keyOf={(ban) => ban.ip}
      unbanLabel={(ban) => t('system.security.ips.unbanOf', { ip: ban.ip })}
      onUnban={(ban) => unban.mutate(ban.ip)}
    />
  )
}
