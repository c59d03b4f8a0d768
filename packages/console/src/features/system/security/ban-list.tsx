import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Button } from '../../../components/button'
import '../../../components/surface.css'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { ScrollTable } from '../../../components/scroll-table'
import { formatRemaining } from '../format'
import { SystemQuery } from '../system-query'

interface Ban {
  ip: string
  remaining_seconds: number
}

/** Each kind's texts; its heading's id, which names the section, is `banned-<kind>-title`. */
const TEXTS = {
  ips: {
    title: 'system.security.ips.title',
    unbanAll: 'system.security.ips.unbanAll',
    loadError: 'system.security.ips.loadError',
    empty: 'system.security.ips.empty',
  },
  keys: {
    title: 'system.security.keys.title',
    unbanAll: 'system.security.keys.unbanAll',
    loadError: 'system.security.keys.loadError',
    empty: 'system.security.keys.empty',
  },
} satisfies Record<string, Record<'title' | 'unbanAll' | 'loadError' | 'empty', MessageId>>

interface BanListProps<B extends Ban> {
  kind: keyof typeof TEXTS
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
  kind,
  bans,
  unbanAll,
  extra,
  keyOf,
  unbanLabel,
  onUnban,
}: BanListProps<B>) {
  const t = useT()
  const id = `banned-${kind}-title`
  const texts = TEXTS[kind]
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
      <SystemQuery query={bans} loadError={t(texts.loadError)} empty={t(texts.empty)}>
        {(data) => (
          <ScrollTable label={t(texts.title)} className="system-table" columns={columns}>
            {data.map((ban) => (
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
      </SystemQuery>
    </section>
  )
}
