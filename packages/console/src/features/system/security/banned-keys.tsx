import { Button } from '../../../components/button'
import { LoadError } from '../../../components/load-error'
import { Spinner } from '../../../components/spinner'
import '../../../components/surface.css'
import '../../../components/table.css'
import { useT } from '../../../i18n/react'
import { useBannedKeys } from '../api/get-banned-keys'
import { useUnbanAllKeys } from '../api/unban-all-keys'
import { useUnbanKey } from '../api/unban-key'
import { formatRemaining } from '../format'

/** The API keys banned from an address for too many failures there, each with its Unban, and Unban all. */
export function BannedKeys() {
  const t = useT()
  const bans = useBannedKeys()
  const unban = useUnbanKey()
  const unbanAll = useUnbanAllKeys()
  const rows = bans.data ?? []
  return (
    <section className="surface system-section" aria-labelledby="banned-keys-title">
      <div className="system-toolbar">
        <h2 id="banned-keys-title">{t('system.security.keys.title')}</h2>
        <Button
          variant="outlined"
          size="small"
          aria-label={t('system.security.keys.unbanAll')}
          disabled={rows.length === 0}
          loading={unbanAll.isPending}
          onClick={() => unbanAll.mutate()}
        >
          {t('system.security.unbanAll')}
        </Button>
      </div>
      {bans.isError ? (
        <LoadError
          title={t('system.security.keys.loadError')}
          error={bans.error}
          onRetry={() => void bans.refetch()}
        />
      ) : !bans.data ? (
        <Spinner label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <p className="muted">{t('system.security.keys.empty')}</p>
      ) : (
        <div className="table-scroll" role="group" aria-label={t('system.security.keys.title')} tabIndex={0}>
          <table className="table system-table">
            <thead>
              <tr>
                <th scope="col">{t('system.security.column.address')}</th>
                <th scope="col">{t('system.security.column.keyId')}</th>
                <th scope="col">{t('system.security.column.remaining')}</th>
                <th scope="col">{t('system.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((ban) => (
                <tr key={`${ban.ip} ${String(ban.key_id)}`}>
                  <th scope="row">{ban.ip}</th>
                  <td>{ban.key_id}</td>
                  <td>{formatRemaining(ban.remaining_seconds)}</td>
                  <td>
                    <Button
                      size="small"
                      aria-label={t('system.security.keys.unbanOf', { id: ban.key_id, ip: ban.ip })}
                      onClick={() => unban.mutate({ ip: ban.ip, key_id: ban.key_id })}
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
