import type { AuditEntry } from '@serving-console/contract'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { formatTime } from '../format'
import { ScrollTable } from '../../../components/scroll-table'
import { statusLabel } from './audit-labels'

const COLUMNS: readonly MessageId[] = [
  'system.audit.column.time',
  'system.audit.column.user',
  'system.audit.column.apiKey',
  'system.audit.column.endpoint',
  'system.audit.column.model',
  'system.audit.column.status',
  'system.audit.column.latency',
  'system.audit.column.address',
]

/** One page of recorded requests, newest first. */
export function AuditTable({ hits }: { hits: readonly AuditEntry[] }) {
  const t = useT()
  return (
    <ScrollTable label={t('system.audit.region')} className="system-table" columns={COLUMNS}>
      {hits.map((hit, index) => (
        <tr key={`${hit['@timestamp']}-${String(index)}`}>
          <td className="system-nowrap">{formatTime(hit['@timestamp'], { seconds: true })}</td>
          <td>{hit.user}</td>
          <td>{hit.api_key_name}</td>
          <td>{hit.method ? `${hit.method} ${hit.endpoint}` : hit.endpoint}</td>
          <td>{hit.model_id || hit.model_name}</td>
          <td className="system-nowrap">
            {statusLabel(hit.status)}
            {hit.http_status !== undefined && <span className="muted"> {hit.http_status}</span>}
            {hit.count !== undefined && hit.count > 1 && (
              <div className="muted">
                {t('system.audit.repeated', {
                  count: hit.count,
                  time: formatTime(hit.last_timestamp ?? hit['@timestamp'], { seconds: true }),
                })}
              </div>
            )}
          </td>
          <td>{currentIntl().formatNumber(hit.latency_ms, { maximumFractionDigits: 0 })}</td>
          <td>{hit.client_ip}</td>
        </tr>
      ))}
    </ScrollTable>
  )
}
