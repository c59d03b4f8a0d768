import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Button } from '../../../components/button'
import { SystemLoadError } from '../permission-notice'
import { Spinner } from '../../../components/spinner'
import '../../../components/surface.css'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { ScrollTable } from '../../../components/scroll-table'
import { formatRemaining } from '../format'

interface Ban {
  ip: string
  remaining_seconds: number
}

interface BanListProps<B extends Ban> {
  /** The heading's id, which names the section. */
  id: string
  texts: { title: MessageId; unbanAll: MessageId; loadError: MessageId; empty: MessageId }
  bans: UseQueryResult<B[]>
  unbanAll: { isPending: boolean; mutate: () => void }
  /** Columns between the address and the time left, with their cells. */
  extra?: { header: MessageId; cell: (ban: B) => ReactNode }
  keyOf: (ban: B) => string
  unbanLabel: (ban: B) => string
  onUnban: (ban: B) => void
}

/** One kind of ban (addresses, or API keys at an address): each with its Unban, and Unban all. */
export function BanList<B extends Ban>({
  id,
  texts,
  bans,
  unbanAll,
  extra,
  keyOf,
  unbanLabel,
  onUnban,
}: BanListProps<B>) {
  const t = useT()
  const rows = bans.data ?? []
  const columns: MessageId[] = [
    'system.security.column.address',
    ...(extra ? [extra.header] : []),
    'system.security.column.remaining',
    'system.column.actions',
  ]
  return (
    <section className="surface system-section" aria-labelledby={id}>
      <div className="system-toolbar">
        <h2 id={id}>{t(texts.title)}</h2>
        <Button
          variant="outlined"
          size="small"
          aria-label={t(texts.unbanAll)}
          disabled={rows.length === 0}
          loading={unbanAll.isPending}
          onClick={() => unbanAll.mutate()}
        >
          {t('system.security.unbanAll')}
        </Button>
      </div>
      {bans.isError ? (
        <SystemLoadError title={t(texts.loadError)} error={bans.error} onRetry={() => void bans.refetch()} />
      ) : !bans.data ? (
        <Spinner label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <p className="muted">{t(texts.empty)}</p>
      ) : (
        <ScrollTable label={t(texts.title)} className="system-table" columns={columns}>
          {rows.map((ban) => (
            <tr key={keyOf(ban)}>
              <th scope="row">{ban.ip}</th>
              {extra && <td>{extra.cell(ban)}</td>}
              <td>{formatRemaining(ban.remaining_seconds)}</td>
              <td>
                <Button size="small" aria-label={unbanLabel(ban)} onClick={() => onUnban(ban)}>
                  {t('system.security.unban')}
                </Button>
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  )
}
