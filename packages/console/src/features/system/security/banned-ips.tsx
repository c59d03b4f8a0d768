import { Button } from '../../../components/button'
import { LoadError } from '../../../components/load-error'
import { Spinner } from '../../../components/spinner'
import '../../../components/surface.css'
import '../../../components/table.css'
import { useT } from '../../../i18n/react'
import { useBannedIps } from '../api/get-banned-ips'
import { useUnbanAllIps } from '../api/unban-all-ips'
import { useUnbanIp } from '../api/unban-ip'
import { formatRemaining } from '../format'

/** The addresses banned for too many failures, each with its Unban, and Unban all. */
export function BannedIps() {
  const t = useT()
  const bans = useBannedIps()
  const unban = useUnbanIp()
  const unbanAll = useUnbanAllIps()
  const rows = bans.data ?? []
  return (
    <section className="surface system-section" aria-labelledby="banned-ips-title">
      <div className="system-toolbar">
        <h2 id="banned-ips-title">{t('system.security.ips.title')}</h2>
        <Button
          variant="outlined"
          size="small"
          aria-label={t('system.security.ips.unbanAll')}
          disabled={rows.length === 0}
          loading={unbanAll.isPending}
          onClick={() => unbanAll.mutate()}
        >
          {t('system.security.unbanAll')}
        </Button>
      </div>
      {bans.isError ? (
        <LoadError
          title={t('system.security.ips.loadError')}
          error={bans.error}
          onRetry={() => void bans.refetch()}
        />
      ) : !bans.data ? (
        <Spinner label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <p className="muted">{t('system.security.ips.empty')}</p>
      ) : (
        <div className="table-scroll" role="group" aria-label={t('system.security.ips.title')} tabIndex={0}>
          <table className="table system-table">
            <thead>
              <tr>
                <th scope="col">{t('system.security.column.address')}</th>
                <th scope="col">{t('system.security.column.remaining')}</th>
                <th scope="col">{t('system.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((ban) => (
                <tr key={ban.ip}>
                  <th scope="row">{ban.ip}</th>
                  <td>{formatRemaining(ban.remaining_seconds)}</td>
                  <td>
                    <Button
                      size="small"
                      aria-label={t('system.security.ips.unbanOf', { ip: ban.ip })}
                      onClick={() => unban.mutate(ban.ip)}
                    >
                      {t('system.security.unban')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
